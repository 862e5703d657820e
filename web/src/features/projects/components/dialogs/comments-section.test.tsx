import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CommentView } from '@shared/schemas/comment';
import { aComment } from '@shared/testing/project-views';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import type { MentionMember } from '../../utils/mention-text';
import { CommentsSection } from './comments-section';

const path = '/workspaces/ws-1/projects/p1/tasks/t1/comments';
const members = [
  { userId: 'u-ana', displayName: 'Ana Lopez' },
  { userId: 'u-bo', displayName: 'Bo Chen' },
  { userId: 'u-me', displayName: 'Me Myself' },
];
const at = new Date(Date.now() - 3_600_000).toISOString();
const comment = (id: string, fields: Partial<CommentView>): CommentView => aComment({ id, taskId: 't1', authorId: 'u-ana', createdAt: at, updatedAt: at, ...fields });

function serve(stored: CommentView[]) {
  const posted: unknown[] = [];
  server.use(
    // The comments' files (none here: task-attachments-section.test.tsx tries them).
    http.get(api('/workspaces/ws-1/projects/p1/tasks/t1/attachments'), () => HttpResponse.json({ attachments: [] })),
    http.get(api(path), () => HttpResponse.json({ comments: stored, nextCursor: null })),
    http.post(api(path), async ({ request }) => {
      const body = (await request.json()) as { body: string };
      posted.push(body);
      stored.push(comment(`c${stored.length + 1}`, { authorId: 'u-me', body: body.body }));
      return HttpResponse.json({ comment: stored.at(-1) }, { status: 201 });
    }),
    http.delete(api(`${path}/:commentId`), ({ params }) => {
      stored.splice(stored.findIndex((item) => item.id === params.commentId), 1);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return posted;
}

const render = (moderator = false, among: readonly MentionMember[] = members) =>
  renderWithApp(<CommentsSection target={{ workspaceId: 'ws-1', projectId: 'p1', taskId: 't1' }} members={among} userId="u-me" moderator={moderator} />);

describe("a task's comments in the task view (issue 37)", () => {
  it('lists comments oldest first with author, edited mark and mentions by current name; only one’s own has Edit and Delete', async () => {
    serve([comment('c1', { body: 'Ping @[u-bo] about **this**' }), comment('c2', { authorId: 'u-me', body: 'Done', edited: true }), comment('c3', { authorId: 'u-gone' })]);
    render();
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Ana Lopez', 'Me Myself', 'A former member']);
    await waitFor(() => expect(items[0]).toHaveTextContent('Ping @Bo Chen about this'));
    expect(items[1]).toHaveTextContent('(edited)');
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Edit comment by Me Myself' })).toBeVisible();
  });

  it("offers an owner or admin Delete (not Edit) on others' comments, and deletes after asking", async () => {
    const stored = [comment('c1', { body: 'Spam' }), comment('c2', { authorId: 'u-me', body: 'Mine' })];
    serve(stored);
    const { user } = render(true);
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    const others = within(items[0] as HTMLElement);
    expect(others.queryByRole('button', { name: /Edit/ })).toBeNull();
    await user.click(others.getByRole('button', { name: 'Delete comment by Ana Lopez' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete Comment' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(stored.map((item) => item.id)).toEqual(['c2']);
    expect(within(screen.getByRole('listitem')).getByRole('button', { name: 'Edit comment by Me Myself' })).toBeVisible();
  });

  it('shows the newest page first, newest last, and the earlier ones above it on "Show earlier comments"', async () => {
    server.use(
      http.get(api(path), ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === 'older'
          ? HttpResponse.json({ comments: [comment('c1', { body: 'One' }), comment('c2', { body: 'Two' })], nextCursor: null })
          : HttpResponse.json({ comments: [comment('c3', { body: 'Three' }), comment('c4', { body: 'Four' })], nextCursor: 'older' }),
      ),
    );
    const { user } = render();
    const bodies = () => screen.getAllByRole('listitem').map((item) => item.querySelector('.task-comment-body')?.textContent);
    await waitFor(() => expect(bodies()).toEqual(['Three', 'Four']));
    await user.click(screen.getByRole('button', { name: 'Show earlier comments' }));
    await waitFor(() => expect(bodies()).toEqual(['One', 'Two', 'Three', 'Four']));
    expect(screen.queryByRole('button', { name: 'Show earlier comments' })).toBeNull();
  });

  it('shows the empty state, and sends with Ctrl+Enter the mention chosen with the keyboard as its token', async () => {
    const posted = serve([]);
    const { user } = render();
    expect(await screen.findByText('No comments yet.')).toBeVisible();
    const box = screen.getByRole('combobox', { name: 'Write a comment' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    const controls = box.getAttribute('aria-controls');
    expect(controls).toBeTruthy();
    await user.type(box, 'Thanks @b');
    const list = screen.getByRole('listbox', { name: 'Members to mention' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(list).toHaveAttribute('id', controls);
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Bo Chen']);
    await user.clear(box);
    await user.type(box, 'Thanks @');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(3);
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(box).toHaveValue('Thanks @Bo Chen ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'ok');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(posted).toEqual([{ body: 'Thanks @[u-bo] ok' }]));
    await waitFor(() => expect(box).toHaveValue(''));
    await waitFor(() => expect(screen.getByRole('list')).toHaveTextContent('Thanks @Bo Chen ok'));
  });

  it('keeps two members of the same name apart: the one chosen is the one mentioned, also when the comment is edited', async () => {
    const alexes = [...members, { userId: 'u-a1', displayName: 'Alex', email: 'alex@one.example' }, { userId: 'u-a2', displayName: 'Alex', email: 'alex@two.example' }];
    const posted = serve([]);
    const { user } = render(false, alexes);
    const box = await screen.findByLabelText('Write a comment');
    await user.type(box, '@alex');
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Alex (alex@one.example)', 'Alex (alex@two.example)']);
    await user.keyboard('{ArrowDown}{Enter}');
    await user.type(box, 'and @alex');
    await user.keyboard('{Enter}');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(posted).toEqual([{ body: '@[u-a2] and @[u-a1] ' }]));
    await user.click(await screen.findByRole('button', { name: 'Edit comment by Me Myself' }));
    const edit = screen.getByLabelText('Edit comment');
    expect(edit).toHaveValue('@Alex (alex@two.example) and @Alex (alex@one.example) ');
  });

  it('closes the list on Escape without choosing, leaving what was typed', async () => {
    serve([]);
    const { user } = render();
    const box = await screen.findByLabelText('Write a comment');
    await user.type(box, '@an');
    expect(screen.getByRole('listbox')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('@an\n');
  });

  it('deletes one’s own comment after a confirmation in an alert dialog', async () => {
    serve([comment('c1', { authorId: 'u-me', body: 'Mine' })]);
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Delete comment by Me Myself' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Comment' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No comments yet.')).toBeVisible();
  });

  it('says why a comment was refused, and keeps what was written', async () => {
    server.use(
      http.get(api(path), () => HttpResponse.json({ comments: [], nextCursor: null })),
      http.post(api(path), () => HttpResponse.json({ error: 'body: too long', fields: [{ field: 'body', message: 'Comment must be at most 20,000 characters' }] }, { status: 400 })),
    );
    const { user } = render();
    const box = await screen.findByLabelText('Write a comment');
    await user.type(box, 'Long');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Comment must be at most 20,000 characters');
    expect(box).toHaveValue('Long');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers Retry when the comments cannot be read', async () => {
    server.use(http.get(api(path), () => HttpResponse.json({ error: 'Down' }, { status: 500 })));
    const { user } = render();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    server.use(http.get(api(path), () => HttpResponse.json({ comments: [], nextCursor: null })));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No comments yet.')).toBeVisible();
  });
});

describe("a project's own comments on its page (issue 37)", () => {
  const projectPath = '/workspaces/ws-1/projects/p1/comments';

  it('lists and posts them at the project’s routes, its count on a level-2 Comments heading', async () => {
    const { taskId: _onTask, ...onProject } = comment('c1', { body: 'Kick-off @[u-bo]' });
    const stored = [onProject];
    const posted: unknown[] = [];
    server.use(
      http.get(api('/workspaces/ws-1/projects/p1/attachments'), () => HttpResponse.json({ attachments: [] })),
      http.get(api(projectPath), () => HttpResponse.json({ comments: stored, nextCursor: null })),
      http.post(api(projectPath), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ comment: { ...onProject, id: 'c2', authorId: 'u-me', body: 'Agreed' } }, { status: 201 });
      }),
    );
    const { user } = renderWithApp(<CommentsSection target={{ workspaceId: 'ws-1', projectId: 'p1' }} members={members} userId="u-me" moderator={false} count={1} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Comments (1)' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('list')).toHaveTextContent('Kick-off @Bo Chen'));
    await user.type(screen.getByLabelText('Write a comment'), 'Agreed');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(posted).toEqual([{ body: 'Agreed' }]));
  });
});
