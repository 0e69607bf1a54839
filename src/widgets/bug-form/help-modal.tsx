import { useRef, useState } from '@wordpress/element';

import { Modal } from '../../components/modal';
import { useTranslation } from '../../lib/use-translation';
import { block } from './block';

/**
 * The help of the bug form (spec "Bug form"): what severity, type and replicability mean.
 */
export function HelpButton() {
	const { t } = useTranslation();
	const [ open, setOpen ] = useState( false );
	const button = useRef< HTMLButtonElement >( null );
	const topics = [
		{
			title: t( 'bugForm.helpSeverityTitle' ),
			text: t( 'bugForm.helpSeverity' ),
		},
		{ title: t( 'bugForm.helpTypeTitle' ), text: t( 'bugForm.helpType' ) },
		{
			title: t( 'bugForm.helpReplicabilityTitle' ),
			text: t( 'bugForm.helpReplicability' ),
		},
	];
	return (
		<>
			<button
				ref={ button }
				type="button"
				className={ `crowdscout-button crowdscout-button--secondary ${ block }__help-button` }
				onClick={ () => setOpen( true ) }
			>
				{ t( 'bugForm.help' ) }
			</button>
			<Modal
				open={ open }
				onOpenChange={ setOpen }
				title={ t( 'bugForm.helpTitle' ) }
				returnFocusRef={ button }
			>
				{ topics.map( ( topic ) => (
					<section
						key={ topic.title }
						className={ `${ block }__help-topic` }
					>
						<h3>{ topic.title }</h3>
						<p>{ topic.text }</p>
					</section>
				) ) }
			</Modal>
		</>
	);
}
