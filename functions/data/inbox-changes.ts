/**
 * The inbox notices a batch of the table's stream means (issue 37), for the stream consumer
 * (realtime/activity-indexer.ts): the rules of data/inbox-recipients.ts applied to each change, with what
 * they need read once per batch (a commented task or project, a workspace's name, its members). Only current members
 * are told of a workspace's doings: a task's creator who has since left hears nothing more of it.
 */
import type { NoticeDraft } from './inbox-recipients.js';
import { commentNotices, membershipNotices, taskNotices, toldOfTask } from './inbox-recipients.js';
import { listMembersOf } from './membership.js';
import { getChild } from './project-children.js';
import { getProject } from './projects.js';
import type { StreamChange } from './stream-changes.js';
import { getWorkspace } from './workspace.js';

async function draftsOf(change: StreamChange): Promise<NoticeDraft[]> {
  switch (change.entity) {
    case 'Task': {
      const told = toldOfTask(change);
      return told ? taskNotices(change.workspaceId, told.actorId, told.before, told.after) : [];
    }
    case 'Comment': {
      const { after, before, operation } = change;
      // Made (not by an import), or edited (a change of its body: a task's move rewrites its comments' project as they are).
      if (!after || !change.projectId || change.imported || (operation === 'modify' && (!before || before.body === after.body))) return [];
      const edited = operation === 'modify' ? before : undefined;
      if (after.taskId === undefined) {
        const project = await getProject(change.workspaceId, change.projectId);
        return project ? commentNotices(change.workspaceId, after, { project }, edited) : [];
      }
      const task = await getChild('task', change.workspaceId, change.projectId, after.taskId);
      return task ? commentNotices(change.workspaceId, after, { task }, edited) : [];
    }
    case 'Membership': {
      if (change.operation !== 'insert' || !change.after) return [];
      const workspace = await getWorkspace(change.workspaceId);
      return workspace ? membershipNotices(change.after, workspace.name) : [];
    }
    default:
      return [];
  }
}

/** The notices of the batch's changes, for readers who are members of the workspace concerned. */
export async function inboxNoticesOf(changes: readonly StreamChange[]): Promise<NoticeDraft[]> {
  const drafts = (await Promise.all(changes.map(draftsOf))).flat();
  const workspaceIds = [...new Set(drafts.map((draft) => draft.workspaceId))];
  const members = new Map(
    await Promise.all(workspaceIds.map(async (workspaceId) => [workspaceId, new Set((await listMembersOf(workspaceId)).map((member) => member.userId))] as const)),
  );
  return drafts.filter((draft) => members.get(draft.workspaceId)?.has(draft.recipientId));
}
