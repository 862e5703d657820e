import { everyReadyTaskAttachmentOf, toAttachmentView } from '../data/attachments.js';
import { everyTaskCommentOf } from '../data/comments.js';
import { listLabels } from '../data/labels.js';
import { listLinks } from '../data/links.js';
import { listMembersOf } from '../data/membership.js';
import { getProfiles } from '../data/profile.js';
import { listProjectItems } from '../data/project-children.js';
import { listProjects } from '../data/projects.js';
import { getWorkspace } from '../data/workspace.js';
import { toMemberView } from '../domain/members.js';
import type { ExportSources } from './export-document.js';

/**
 * Reads what an export of the workspace holds through its data modules (projects one at a time, each
 * one Query of its partition). `projectId` reads that project only; `withEmails` puts the members'
 * addresses in (owners and admins see them). Undefined when the workspace is gone.
 */
export async function readExportSources(workspaceId: string, options: { projectId?: string; withEmails: boolean }): Promise<ExportSources | undefined> {
  const [workspace, memberships, labels, allProjects, links, comments, attachments] = await Promise.all([
    getWorkspace(workspaceId),
    listMembersOf(workspaceId),
    listLabels(workspaceId),
    listProjects(workspaceId),
    options.projectId === undefined ? listLinks(workspaceId) : Promise.resolve([]),
    everyTaskCommentOf(workspaceId),
    everyReadyTaskAttachmentOf(workspaceId),
  ]);
  if (!workspace) return undefined;
  const profiles = await getProfiles(memberships.map((membership) => membership.userId));
  const chosen = options.projectId === undefined ? allProjects : allProjects.filter((project) => project.id === options.projectId);
  const projects = [];
  for (const project of chosen) projects.push({ project, ...(await listProjectItems(workspaceId, project.id)) });
  return {
    workspace,
    members: memberships.map((membership) => {
      const { userId, displayName, email, role, createdAt } = toMemberView(membership, profiles.get(membership.userId), options.withEmails);
      return { id: userId, name: displayName, ...(email === undefined ? {} : { email }), role, joinedAt: createdAt };
    }),
    labels,
    projects,
    links,
    comments,
    attachments: attachments.map((attachment) => ({ ...toAttachmentView(attachment), taskId: attachment.taskId })),
  };
}
