import { http, HttpResponse } from 'msw';
import type { LabelView } from '@shared/schemas/label';
import type { ProfileView } from '@shared/schemas/profile';
import type { ProjectSummary, TaskView } from '@shared/schemas/project';
import { aProject } from '@shared/testing/project-views';
import { profileView } from '@/testing/fixtures';
import { api } from '@/testing/server';

/**
 * Test code: the requests the page of project p1 in workspace ws-1 reads on its way (the project, its items,
 * the labels, the Overview's calendar accounts, the user's profile, the members, the project's comments),
 * answered with `project`'s fields, `tasks`, `labels` and `profile`; anything else a test answers itself.
 */
export function projectPageReads({
  project = {},
  tasks = [],
  labels = [],
  profile = {},
}: { project?: Partial<ProjectSummary>; tasks?: readonly TaskView[]; labels?: readonly LabelView[]; profile?: Partial<ProfileView> } = {}) {
  return [
    http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [aProject({ id: 'p1', workspaceId: 'ws-1', name: 'Apollo', taskCount: tasks.length, ...project })] })),
    http.get(api('/workspaces/ws-1/projects/p1/items'), () => HttpResponse.json({ tasks, milestones: [], notes: [] })),
    http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels })),
    http.get(api('/workspaces/ws-1/google-calendar/accounts'), () => HttpResponse.json({ accounts: [] })),
    http.get(api('/profile'), () => HttpResponse.json({ profile: profileView(profile) })),
    http.get(api('/workspaces/ws-1/members'), () => HttpResponse.json({ members: [] })),
    http.get(api('/workspaces/ws-1/projects/p1/comments'), () => HttpResponse.json({ comments: [], nextCursor: null })),
  ];
}
