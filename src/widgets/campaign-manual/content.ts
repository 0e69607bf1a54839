import { createRichTextPurifier, richTextConfig } from '../../lib/rich-text';

const SANITIZE_CONFIG = richTextConfig();

/** Images load only from web addresses and addresses on this site. */
const IMAGE_SOURCE = /^(?:https?:\/\/|\/(?!\/))/i;

let purifier: ReturnType< typeof createRichTextPurifier > | null = null;

/**
 * Campaign HTML (the manual, a task's instructions) as the API stores it, made safe for
 * `dangerouslySetInnerHTML`. The page has its own `h1`, so the content's headings start at `h2` (an `h1` keeps
 * its text as a paragraph-level block).
 *
 * @param html The stored HTML.
 */
export function sanitizeContent( html: string ): string {
	purifier ??= createRichTextPurifier( IMAGE_SOURCE );
	return purifier.sanitize(
		html.replace( /<(\/?)h1\b/gi, '<$1h2' ),
		SANITIZE_CONFIG
	);
}
