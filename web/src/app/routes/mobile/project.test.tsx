import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CommentView } from '@shared/schemas/comment';
import { aComment, aProject, aTask } from '@shared/testing/project-views';
import { renderWithApp, TEST_USER, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { MobileProjectRoute } from './project';

const at = new Date(Date.now() - 3_600_000).toISOString();
const projectComment = (id: string, fields: Partial<CommentView>): CommentView => aComment({ id, authorId: 'u-ben', createdAt: at, updatedAt: at, ...fields });

describe("the phone's project page (issue 37)", () => {
  it("shows the project's comments under its tasks, counted, and sends one written there", async () => {
    const comments = [projectComment('c1', { body: 'Kick-off on **Monday**' }), projectComment('c2', { authorId: TEST_USER.id, body: 'Booked the room' })];
    const posted: unknown[] = [];
    server.use(
      http.get(api('/workspaces/ws-1/projects'), () => HttpResponse.json({ projects: [aProject({ id: 'p1', workspaceId: 'ws-1', name: 'Apollo', taskCount: 1, commentCount: 2 })] })),
      http.get(api('/workspaces/ws-1/projects/p1/items'), () => HttpResponse.json({ tasks: [aTask({ id: 't1', projectId: 'p1', title: 'Draft spec' })], milestones: [], notes: [] })),
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels: [] })),
      http.get(api('/workspaces/ws-1/members'), () =>
        HttpResponse.json({
          members: [
            { userId: 'u-ben', displayName: 'Ben Ode', role: 'member', createdAt: at },
            { userId: TEST_USER.id, displayName: 'Ana', role: 'owner', createdAt: at },
          ],
        }),
      ),
      http.get(api('/workspaces/ws-1/projects/p1/comments'), () => HttpResponse.json({ comments, nextCursor: null })),
      http.post(api('/workspaces/ws-1/projects/p1/comments'), async ({ request }) => {
        const body = (await request.json()) as { body: string };
        posted.push(body);
        comments.push(projectComment('c3', { authorId: TEST_USER.id, body: body.body }));
        return HttpResponse.json({ comment: comments.at(-1) }, { status: 201 });
      }),
    );
    const { user } = renderWithApp(<MobileProjectRoute />, { path: '/mobile/projects/p1', route: '/mobile/projects/:projectId', workspace: workspaceView() });

    const section = await screen.findByRole('region', { name: 'Comments (2)' });
    // Below the tasks' sections, in reading order.
    expect((await screen.findByRole('region', { name: 'Completed' })).compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const items = within(await within(section).findByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Ben Ode', 'Ana']);
    expect((await within(items[0] as HTMLElement).findByText('Monday')).tagName).toBe('STRONG');
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Edit comment by Ana' })).toBeVisible();

    await user.type(within(section).getByLabelText('Write a comment'), 'See you there');
    await user.click(within(section).getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(posted).toEqual([{ body: 'See you there' }]));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
  });
});
