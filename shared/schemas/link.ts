import * as z from 'zod/mini';
import { containsUnprintableInLines } from '../rules/printable-text.js';
import { expectedVersion } from './project.js';

/**
 * Links (spec pages §2 Links page, §3 Link, §5): a workspace's bookmarks, each in one of ten categories.
 * A url without a scheme gets https://; only http and https are stored, so a link can never run script
 * (javascript:) or carry a document (data:). The server fetches nothing from these urls.
 */
export const linkCategories = [
  'Software Development',
  'AI Tools & Platforms',
  'Game Development',
  'Design Tools',
  'Project Management',
  'Business',
  'Learning & Development',
  'Inspirations',
  'Personal Development',
  'Others',
] as const;
export type LinkCategory = (typeof linkCategories)[number];

export const LINK_URL_MAX_LENGTH = 2_048;
export const LINK_TITLE_MAX_LENGTH = 200;
export const LINK_DESCRIPTION_MAX_LENGTH = 1_000;
export const INVALID_URL = 'Please enter a valid URL or domain name';

/**
 * The url as stored, or null when it is not one: trimmed, `https://` added when no scheme is given, then
 * parsed; http and https only, with a host that has a dot or is localhost (so 'hello' is not a link).
 */
export function normalizeLinkUrl(raw: string): string | null {
  const text = raw.trim();
  if (text === '' || /\s/.test(text)) return null;
  // 'host:8080/x' is a host and a port, not a scheme.
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/?#]+:\d+([/?#]|$)/.test(text);
  const withScheme = hasScheme ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
  return url.href;
}

const linkUrl = z.pipe(
  z.string({ error: 'URL is required' }).check(z.maxLength(LINK_URL_MAX_LENGTH, { error: `URL must be at most ${LINK_URL_MAX_LENGTH} characters` })),
  z.transform((raw: string, context) => {
    const url = normalizeLinkUrl(raw);
    if (url === null || url.length > LINK_URL_MAX_LENGTH) {
      context.issues.push({ code: 'custom', message: INVALID_URL, input: raw });
      return z.NEVER;
    }
    return url;
  }),
);

/** Optional text: trimmed, empty means none; no control or bidi-override characters. */
function optionalLine(label: string, max: number) {
  return z.nullable(
    z.pipe(
      z.string({ error: `${label} must be text` }).check(
        z.trim(),
        z.maxLength(max, { error: `${label} must be at most ${max} characters` }),
        z.refine((text) => !containsUnprintableInLines(text), { error: `${label} must not hold control characters` }),
      ),
      z.transform((text: string) => (text === '' ? null : text)),
    ),
  );
}

const category = z.enum(linkCategories, { error: 'Category must be one of the listed categories' });

export const createLinkInput = z.object({
  url: linkUrl,
  category,
  title: z._default(optionalLine('Title', LINK_TITLE_MAX_LENGTH), null),
  description: z._default(optionalLine('Description', LINK_DESCRIPTION_MAX_LENGTH), null),
});
export type CreateLinkInput = z.infer<typeof createLinkInput>;

/** Only the fields sent change. */
export const updateLinkInput = z.object({
  version: expectedVersion,
  url: z.optional(linkUrl),
  category: z.optional(category),
  title: z.optional(optionalLine('Title', LINK_TITLE_MAX_LENGTH)),
  description: z.optional(optionalLine('Description', LINK_DESCRIPTION_MAX_LENGTH)),
});
export type UpdateLinkInput = z.infer<typeof updateLinkInput>;

export const linkView = z.object({
  id: z.string(),
  workspaceId: z.string(),
  url: z.string(),
  title: z.nullable(z.string()),
  category: z.enum(linkCategories),
  description: z.nullable(z.string()),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type LinkView = z.infer<typeof linkView>;

export const linkResponse = z.object({ link: linkView });
export const listLinksResponse = z.object({ links: z.array(linkView) });
