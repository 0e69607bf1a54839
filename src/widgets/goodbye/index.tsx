import { MessagePage, WavingHand } from '../../components/message-page';
import { useTranslation } from '../../lib/use-translation';

/** `goodbye`: shown after an account deletion (spec "Goodbye and thank-you"). */
export default function Goodbye() {
	const { t } = useTranslation();
	return (
		<MessagePage
			picture={ <WavingHand /> }
			title={ t( 'goodbye.title' ) }
			lines={ [ t( 'goodbye.deleted' ), t( 'goodbye.thanks' ) ] }
		/>
	);
}
