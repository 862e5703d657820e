import { everyReadyAttachmentOf, toAttachmentView } from '../data/attachments.js';
import { everyCommentOf } from '../data/comments.js';
import { listLabels } from '../data/labels.js';
import { listLinks } from '../data/links.js';
import { listMembersOf } from '../data/membership.js';
import { getProfiles } from '../data/profile.js';
import { projectItemsOf } from '../data/project-children.js';
import { listProjects } from '../data/projects.js';
import { getWorkspace } from '../data/workspace.js';
import { toMemberView } from '../domain/members.js';
import type { ExportSources } from './export-document.js';

/**
 * Reads what an export of the workspace holds through its data modules: the workspace, members, labels and
 * projects at once; the rest when the export comes to it, page by page (a project's tasks, milestones and
 * notes one project at a time, each a Query of its partition; every comment and every file of the
 * workspace one Query each), so that no list is held whole. `projectId` reads that project only;
 * `withEmails` puts the members' addresses in (owners and admins see them). Undefined when the workspace is gone.
 */
export async function readExportSources(workspaceId: string, options: { projectId?: string; withEmails: boolean }): Promise<ExportSources | undefined> {
  const [workspace, memberships, labels, allProjects] = await Promise.all([getWorkspace(workspaceId), listMembersOf(workspaceId), listLabels(workspaceId), listProjects(workspaceId)]);
  if (!workspace) return undefined;
  const profiles = await getProfiles(memberships.map((membership) => membership.userId));
  return {
    workspace,
    members: memberships.map((membership) => {
      const { userId, displayName, email, role, createdAt } = toMemberView(membership, profiles.get(membership.userId), options.withEmails);
      return { id: userId, name: displayName, ...(email === undefined ? {} : { email }), role, joinedAt: createdAt };
    }),
    labels,
    projects: options.projectId === undefined ? allProjects : allProjects.filter((project) => project.id === options.projectId),
    tasksOf: (projectId) => projectItemsOf('task', workspaceId, projectId),
    milestonesOf: (projectId) => projectItemsOf('milestone', workspaceId, projectId),
    notesOf: (projectId) => projectItemsOf('note', workspaceId, projectId),
    // A workspace's bookmarks are few (one Query); a project export has none.
    links: async function* () {
      if (options.projectId === undefined) yield* await listLinks(workspaceId);
    },
    comments: () => everyCommentOf(workspaceId),
    attachments: async function* () {
      for await (const attachment of everyReadyAttachmentOf(workspaceId)) yield { ...toAttachmentView(attachment), ...(attachment.projectId === undefined ? {} : { projectId: attachment.projectId }) };
    },
  };
}
