import * as z from 'zod/mini';

/**
 * Ids the API accepts in paths and bodies. Every id becomes part of a DynamoDB key, so they are bounded and
 * limited to the characters real ids use (UUIDs, Cognito subs): no `#`, the table's key separator, so an
 * id can never reach into another item's key range.
 *
 * The shared schemas use zod's tree-shakable API (zod/mini), so the web app carries only what it uses.
 */
export const ID_MAX_LENGTH = 64;
/** An id inside a longer pattern (an MCP resource's URI): the characters and the bound of `resourceId`. */
export const ID_PART = `[A-Za-z0-9_-]{1,${ID_MAX_LENGTH}}`;
const ID_PATTERN = new RegExp(`^${ID_PART}$`);

export function resourceId(requiredMessage = 'Required') {
  return z.string({ error: requiredMessage }).check(
    z.minLength(1, { error: requiredMessage, abort: true }),
    z.maxLength(ID_MAX_LENGTH, { error: `Must be at most ${ID_MAX_LENGTH} characters`, abort: true }),
    z.regex(ID_PATTERN, { error: 'Must contain only letters, digits, - and _' }),
  );
}

export const workspaceIdParams = z.object({ workspaceId: resourceId() });
export const projectIdParams = z.extend(workspaceIdParams, { projectId: resourceId() });
