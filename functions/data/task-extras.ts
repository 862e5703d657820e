import { deleteAttachmentsOfTasks } from './attachments.js';
import { deleteCommentsOfTasks } from './comments.js';

/**
 * A task's items kept outside its project's partition, keyed by the task (comments, attachments): deleted
 * after the tasks themselves, by every way tasks are deleted (one, in bulk, with their project).
 */
export async function deleteExtrasOfTasks(workspaceId: string, taskIds: readonly string[]): Promise<void> {
  await Promise.all([deleteCommentsOfTasks(workspaceId, taskIds), deleteAttachmentsOfTasks(workspaceId, taskIds)]);
}
