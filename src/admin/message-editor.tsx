import { mountMessageEditor } from './messages/mount';
import './messages/message-editor.scss';

/**
 * Crowdscout → Messages (plugin/includes/admin/class-messages-page.php, which enqueues this on its form only): the
 * block editor takes the place of the content's textarea. Without this script the textarea is the field.
 */
const mount = document.getElementById( 'crowdscout-message-editor' );
if ( mount ) {
	mountMessageEditor( mount );
}
