import { EXPORT_FORMAT_VERSION, PERSONAL_EXPORT_FORMAT, type PersonalExport } from '../../shared/schemas/export.js';
import { everyCommentOf } from '../data/comments.js';
import { listConversations, listMessages } from '../data/conversations.js';
import { listMembershipsOfUser } from '../data/membership.js';
import { getProfile } from '../data/profile.js';
import { projectItemsOf } from '../data/project-children.js';
import { listProjects } from '../data/projects.js';
import { getWorkspaces } from '../data/workspace.js';
import { toProfileView } from '../domain/profiles.js';

/**
 * Everything about one person (issue 39, access and portability): their profile and memberships, the
 * tasks assigned to them or made by them and the comments they wrote (on tasks and on projects) in every
 * workspace they belong to,
 * and their assistant conversations with every message. Read through the data modules, a workspace at a
 * time; nothing of anyone else but what those tasks and comments are (no other person's comments).
 * Undefined when the person has no profile.
 */
export async function buildPersonalExport(userId: string, exportedAt: Date): Promise<PersonalExport | undefined> {
  const [profile, memberships] = await Promise.all([getProfile(userId), listMembershipsOfUser(userId)]);
  if (!profile) return undefined;
  const workspaces = new Map((await getWorkspaces(memberships.map((membership) => membership.workspaceId))).map((workspace) => [workspace.id, workspace]));
  const mine = memberships.filter((membership) => workspaces.has(membership.workspaceId));
  const document: PersonalExport = {
    format: PERSONAL_EXPORT_FORMAT,
    version: EXPORT_FORMAT_VERSION,
    exportedAt: exportedAt.toISOString(),
    profile: toProfileView(profile),
    memberships: mine.map(({ workspaceId, role, createdAt }) => ({ workspaceId, workspaceName: workspaces.get(workspaceId)?.name ?? '', role, joinedAt: createdAt })),
    tasks: [],
    comments: [],
    conversations: [],
  };
  for (const { workspaceId } of mine) {
    const projectOfTask = new Map<string, string>();
    const projectIds = new Set<string>();
    for (const project of await listProjects(workspaceId)) {
      projectIds.add(project.id);
      for await (const { commentCount: _count, ...task } of projectItemsOf('task', workspaceId, project.id)) {
        projectOfTask.set(task.id, task.projectId);
        if (task.assignedTo === userId || task.createdBy === userId) document.tasks.push({ ...task, workspaceId });
      }
    }
    for await (const { projectId: writtenIn, ...comment } of everyCommentOf(workspaceId)) {
      if (comment.authorId !== userId) continue;
      // A task's comment is in its task's project now; a project's own, in its project while that is there.
      const projectId = comment.taskId === undefined ? (projectIds.has(writtenIn) ? writtenIn : undefined) : projectOfTask.get(comment.taskId);
      if (projectId !== undefined) document.comments.push({ ...comment, projectId, workspaceId });
    }
    for (const conversation of await listConversations(workspaceId, userId)) {
      document.conversations.push({ ...conversation, messages: await listMessages(conversation.id) });
    }
  }
  return document;
}
