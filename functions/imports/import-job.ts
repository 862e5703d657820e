import * as z from 'zod/mini';

/**
 * What the import worker is started with: the job (which holds the rest, the write phase's cursor too) and
 * the phase to run. A write that runs out of time starts the worker again with the same message.
 */
export const importJobMessage = z.object({ importId: z.string(), workspaceId: z.string(), phase: z.enum(['analyze', 'write']) });
export type ImportJobMessage = z.infer<typeof importJobMessage>;
