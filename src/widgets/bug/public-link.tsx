import { useId, useState } from '@wordpress/element';

import { useConfig } from '../../hooks/use-config';
import { routeUrl } from '../../lib/routes';
import { useTranslation } from '../../lib/use-translation';

const block = 'wp-block-crowdscout-bug';

/**
 * The bug's public address (`vdp/{id}/{token}`), to share with someone without an account; shown only while
 * the site's public-user-pages setting is on, since the page answers nothing otherwise.
 *
 * @param props
 * @param props.bugId
 * @param props.token The bug's public token.
 */
export function PublicLink( {
	bugId,
	token,
}: {
	bugId: number;
	token: string;
} ) {
	const { t } = useTranslation();
	const config = useConfig();
	const inputId = useId();
	const [ copied, setCopied ] = useState< 'yes' | 'no' | null >( null );
	const url = routeUrl( config, `vdp/${ bugId }/${ token }` );

	const copy = async () => {
		try {
			await navigator.clipboard.writeText( url );
			setCopied( 'yes' );
		} catch {
			setCopied( 'no' );
		}
	};

	return (
		<div className={ `${ block }__public-link` }>
			<label htmlFor={ inputId }>{ t( 'bug.publicLink' ) }</label>
			<div className={ `${ block }__public-link-row` }>
				<input
					id={ inputId }
					type="text"
					readOnly
					value={ url }
					onFocus={ ( event ) => event.currentTarget.select() }
				/>
				<button
					type="button"
					className="crowdscout-button crowdscout-button--secondary"
					onClick={ copy }
				>
					{ t( 'bug.copyLink' ) }
				</button>
			</div>
			<p className={ `${ block }__public-link-status` } role="status">
				{ copied === 'yes' && t( 'bug.linkCopied' ) }
				{ copied === 'no' && t( 'bug.copyFailed' ) }
			</p>
		</div>
	);
}
