import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProject } from '@shared/testing/project-views';
import { profileView } from '@/testing/fixtures';
import { renderWithApp, TEST_USER, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { ProjectDetail } from './project-detail';

/** The project page of p1, created by `createdBy`, seen by a user of the given role. */
async function projectMenuFor(role: 'owner' | 'admin' | 'member', createdBy: string) {
  server.use(
    http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [aProject({ id: 'p1', workspaceId: 'ws-1', name: 'Apollo', createdBy })] })),
    http.get(api('/workspaces/ws-1/projects/p1/items'), () => HttpResponse.json({ tasks: [], milestones: [], notes: [] })),
    // The Overview's upcoming events and the user's name: read on the way, not part of this test.
    http.get(api('/workspaces/ws-1/google-calendar/accounts'), () => HttpResponse.json({ accounts: [] })),
    http.get(api('/profile'), () => HttpResponse.json({ profile: profileView() })),
  );
  const { user } = renderWithApp(<ProjectDetail projectId="p1" />, { workspace: workspaceView({ role }) });
  await user.click(await screen.findByRole('button', { name: 'More project actions' }));
  return within(screen.getByRole('menu', { name: 'More project actions' }))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

describe('the project page’s actions', () => {
  it('offer Delete to owners and admins on any project, and to a member only on one they created', async () => {
    expect(await projectMenuFor('member', 'someone-else')).toEqual(['Archive']);
  });

  it.each([
    ['member', TEST_USER.id],
    ['admin', 'someone-else'],
    ['owner', 'someone-else'],
  ] as const)('a %s sees Delete on a project created by %s', async (role, createdBy) => {
    expect(await projectMenuFor(role, createdBy)).toEqual(['Archive', 'Delete']);
  });
});
