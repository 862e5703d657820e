import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { InboxNoticeView } from '@shared/schemas/inbox';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { NotificationsBell } from './notifications-bell';

const notice = (overrides: Partial<InboxNoticeView>): InboxNoticeView => ({
  id: 'n-1',
  kind: 'mentioned',
  workspaceId: 'ws-1',
  projectId: 'p-1',
  taskId: 't-1',
  actorId: 'u-2',
  actorName: 'Mia Member',
  text: 'Ship the launch',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  read: false,
  ...overrides,
});

/** The mock inbox: the notices as the server holds them, marks applied to them. */
function serveInbox(notices: InboxNoticeView[]) {
  const marks: unknown[] = [];
  server.use(
    http.get(api('/inbox/unread-count'), () => HttpResponse.json({ unread: notices.filter((item) => !item.read).length })),
    http.get(api('/inbox'), () => HttpResponse.json({ notices, nextCursor: null })),
    http.patch(api('/inbox/:noticeId'), async ({ params, request }) => {
      const { read } = (await request.json()) as { read: boolean };
      marks.push({ noticeId: params.noticeId, read });
      const index = notices.findIndex((item) => item.id === params.noticeId);
      const marked = { ...notices[index], read } as InboxNoticeView;
      notices[index] = marked;
      return HttpResponse.json({ notice: marked });
    }),
    http.post(api('/inbox/read-all'), () => {
      const marked = notices.filter((item) => !item.read).length;
      notices.forEach((item, index) => (notices[index] = { ...item, read: true }));
      marks.push('all');
      return HttpResponse.json({ marked });
    }),
  );
  return marks;
}

const renderBell = () =>
  renderWithApp(
    <NotificationsBell taskHref={(projectId, taskId) => `/projects/${projectId}/tasks/${taskId}`} projectHref={(projectId) => `/projects/${projectId}`} workspaceHref="/dashboard" />,
    { workspace: workspaceView() },
  );

describe('the notifications bell and its inbox', () => {
  it('counts unread notices in its name, lists them with who, what and when, and marks one read and unread', async () => {
    const marks = serveInbox([
      notice({ id: 'n-2', kind: 'assigned', actorName: 'Olga Owner', text: 'Write the notes' }),
      notice({ id: 'n-1' }),
      notice({ id: 'n-0', kind: 'due', actorId: null, actorName: null, text: 'Pay the invoice', read: true }),
    ]);
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const list = await within(panel).findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByRole('button')[0]?.textContent)).toEqual([
      'Unread: Olga Owner assigned you Write the notes · 5 minutes ago',
      'Unread: Mia Member mentioned you on Ship the launch · 5 minutes ago',
      'Pay the invoice is due tomorrow · 5 minutes ago',
    ]);

    await user.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Mark read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Mark unread' })).toBeInTheDocument();
    await user.click(within(items[2] as HTMLElement).getByRole('button', { name: 'Mark unread' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(marks).toEqual([
      { noticeId: 'n-1', read: true },
      { noticeId: 'n-0', read: false },
    ]);
  });

  it('marks all read, and says so when there is nothing left to read', async () => {
    const marks = serveInbox([notice({ id: 'n-1' }), notice({ id: 'n-2', kind: 'commented' })]);
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(marks).toEqual(['all']);
    await waitFor(() => expect(screen.queryAllByText('Unread:', { exact: false })).toHaveLength(0));
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('opens a notice’s task, marks it read and closes the panel (from the keyboard)', async () => {
    const marks = serveInbox([notice({ id: 'n-1', projectId: 'p-9', taskId: 't-9' })]);
    const { user, location } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.tab();
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('button', { name: /Mia Member mentioned you on Ship the launch/ });
    item.focus();
    await user.keyboard('{Enter}');
    expect(location()).toBe('/projects/p-9/tasks/t-9');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    await waitFor(() => expect(marks).toEqual([{ noticeId: 'n-1', read: true }]));
  });

  it('opens the project of a mention in a comment on the project itself', async () => {
    serveInbox([notice({ id: 'n-2', projectId: 'p-7', taskId: null, text: 'Apollo' })]);
    const { user, location } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: /Mia Member mentioned you on Apollo/ }));
    expect(location()).toBe('/projects/p-7');
  });

  it('says when the inbox is empty', async () => {
    serveInbox([]);
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("You're all caught up.")).toBeInTheDocument();
  });

  it('shows a failed read with Retry', async () => {
    serveInbox([]);
    server.use(http.get(api('/inbox'), () => HttpResponse.json({ error: 'Boom' }, { status: 500 })));
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Couldn't load notifications.");
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
