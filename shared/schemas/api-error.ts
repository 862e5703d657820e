import * as z from 'zod/mini';

/** The body of every non-2xx API response. `fields` is present for validation errors (400). */
export const apiErrorBody = z.object({
  error: z.string(),
  fields: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** The spec's text for a request without a signed-in user (core §'No user'): the API's 401, the WebSocket's refusal. */
export const NOT_AUTHENTICATED = 'Not authenticated';
