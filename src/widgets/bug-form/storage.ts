import type { StoredMedia } from './use-bug-uploads';
import type { BugFormValues } from './values';

/** A form in progress, as the browser keeps it between visits (per tester and campaign). */
export interface Draft {
	values: Omit< BugFormValues, 'media' >;
	media: StoredMedia[];
	/** ISO date-time. */
	savedAt: string;
}

export interface StorageScope {
	testerId: number;
	campaignId: number;
}

const draftKey = ( { testerId, campaignId }: StorageScope ) =>
	`crowdscout.bugForm.draft.${ testerId }.${ campaignId }`;

const additionalKey = ( { testerId, campaignId }: StorageScope ) =>
	`crowdscout.bugForm.additional.${ testerId }.${ campaignId }`;

/** The browser's storage may be off, full or refuse a private window: the form works without it. */
function read( key: string ): unknown {
	try {
		const text = window.localStorage.getItem( key );
		return text ? JSON.parse( text ) : null;
	} catch {
		return null;
	}
}

function write( key: string, value: unknown | null ) {
	try {
		if ( value === null ) {
			window.localStorage.removeItem( key );
		} else {
			window.localStorage.setItem( key, JSON.stringify( value ) );
		}
	} catch {
		// Nothing kept: the tester only loses the convenience.
	}
}

const isRecord = ( value: unknown ): value is Record< string, unknown > =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

const textsOnly = ( value: unknown ): Record< string, string > =>
	isRecord( value )
		? Object.fromEntries(
				Object.entries( value ).filter(
					( entry ): entry is [ string, string ] =>
						typeof entry[ 1 ] === 'string'
				)
		  )
		: {};

export function readDraft( scope: StorageScope ): Draft | null {
	const stored = read( draftKey( scope ) );
	if (
		! isRecord( stored ) ||
		! isRecord( stored.values ) ||
		! Array.isArray( stored.media ) ||
		typeof stored.savedAt !== 'string'
	) {
		return null;
	}
	const media = stored.media.filter(
		( item ): item is StoredMedia =>
			isRecord( item ) &&
			typeof item.url === 'string' &&
			typeof item.name === 'string' &&
			typeof item.mimeType === 'string'
	);
	const { additional, ...texts } = stored.values;
	return {
		values: {
			...( textsOnly( texts ) as Omit<
				BugFormValues,
				'media' | 'additional'
			> ),
			additional: textsOnly( additional ),
		},
		media,
		savedAt: stored.savedAt,
	};
}

export function writeDraft( scope: StorageScope, draft: Draft | null ) {
	write( draftKey( scope ), draft );
}

/** The additional values of the last bug the tester sent in the campaign (spec section 4). */
export function readRemembered(
	scope: StorageScope
): Record< string, string > {
	return textsOnly( read( additionalKey( scope ) ) );
}

export function remember(
	scope: StorageScope,
	additional: Record< string, string >
) {
	write( additionalKey( scope ), additional );
}
