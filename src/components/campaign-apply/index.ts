export { campaignIdFromPath } from './campaign-id';
export { deviceName } from './device-choice';
export {
	PreselectionForm,
	type PreselectionFormProps,
} from './preselection-form';
