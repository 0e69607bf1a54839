import { useTranslation } from '../lib/use-translation';
import { ErrorNotice } from './error-notice';

/**
 * A block or shortcode naming a widget this build does not have (a typo in a shortcode, a block from a
 * newer plugin version): say so where the widget should be, so editors notice, and leave the rest alone.
 *
 * @param props
 * @param props.name The widget name the container asked for.
 */
export function UnknownWidget( { name }: { name: string } ) {
	const { t } = useTranslation();
	return <ErrorNotice title={ t( 'runtime.unknownWidget', { name } ) } />;
}
