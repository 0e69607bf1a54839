import { useAppSelector } from '../store/hooks';
import type { CrowdscoutConfig } from '../lib/config';
import { selectConfig } from '../services/config-slice';

export function useConfig(): CrowdscoutConfig {
	return useAppSelector( selectConfig );
}
