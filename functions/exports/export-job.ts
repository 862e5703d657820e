import * as z from 'zod/mini';

/** What the export worker is started with: where its job item is (the job holds the rest). */
export const exportJobMessage = z.object({ exportId: z.string(), workspaceId: z.nullable(z.string()), requestedBy: z.string() });
export type ExportJobMessage = z.infer<typeof exportJobMessage>;
