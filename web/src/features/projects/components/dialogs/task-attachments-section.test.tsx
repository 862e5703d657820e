import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, type ListedAttachment } from '@shared/schemas/attachment';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import { CommentsSection } from './comments-section';
import { TaskAttachmentsSection } from './task-attachments-section';

const path = '/workspaces/ws-1/projects/p1/tasks/t1/attachments';
const bucket = 'http://bucket.test/taskflow-local-attachments';
const at = new Date().toISOString();
const attachment = (id: string, fields: Partial<ListedAttachment>): ListedAttachment => ({
  id,
  taskId: 't1',
  fileName: `${id}.pdf`,
  contentType: 'application/pdf',
  size: 2048,
  uploadedBy: 'u-ana',
  createdAt: at,
  ...fields,
});

/** The API and the bucket: an upload is asked for, posted (its form recorded) and completed; at the task's routes, or at `base`. */
function serve(stored: ListedAttachment[], base = path) {
  const posted: FormData[] = [];
  const asked: unknown[] = [];
  server.use(
    http.get(api(base), () => HttpResponse.json({ attachments: stored })),
    http.post(api(base), async ({ request }) => {
      const body = (await request.json()) as { fileName: string; contentType: string; size: number; commentId?: string };
      asked.push(body);
      const made = attachment(`a${stored.length + 1}`, { ...body, uploadedBy: 'u-me' });
      return HttpResponse.json(
        { attachment: made, upload: { url: bucket, fields: { key: `workspaces/ws-1/tasks/t1/${made.id}`, 'Content-Type': body.contentType, policy: 'p' } }, expiresAt: at },
        { status: 201 },
      );
    }),
    http.post(bucket, async ({ request }) => {
      posted.push(await request.formData());
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(api(`${base}/:attachmentId/complete`), ({ params }) => {
      const done = attachment(String(params.attachmentId), { fileName: 'notes.txt', contentType: 'text/plain', size: 5, uploadedBy: 'u-me' });
      stored.push(done);
      return HttpResponse.json({ attachment: done });
    }),
    http.delete(api(`${base}/:attachmentId`), ({ params }) => {
      stored.splice(stored.findIndex((item) => item.id === params.attachmentId), 1);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { posted, asked };
}

const render = (moderator = false) => renderWithApp(<TaskAttachmentsSection target={{ workspaceId: 'ws-1', projectId: 'p1', taskId: 't1' }} userId="u-me" moderator={moderator} />);

describe("a task's attachments in the task view (issue 37)", () => {
  it('lists images as thumbnails and other files as name and size; Delete only on one’s own', async () => {
    serve([attachment('a1', { fileName: 'screen.png', contentType: 'image/png', thumbnailUrl: `${bucket}/thumb` }), attachment('a2', { uploadedBy: 'u-me', size: 3 * 1024 * 1024 })]);
    render();
    const items = within(await screen.findByRole('list', { name: 'Attached files' })).getAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByRole('img', { name: 'screen.png' })).toHaveAttribute('src', `${bucket}/thumb`);
    expect(items[1]).toHaveTextContent('a2.pdf');
    expect(items[1]).toHaveTextContent('3 MB');
    expect(within(items[0] as HTMLElement).getByRole('button', { name: 'Download screen.png' })).toBeVisible();
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Delete a2.pdf' })).toBeVisible();
  });

  it('shows the empty state and a labelled file input', async () => {
    serve([]);
    render();
    expect(await screen.findByText('No attachments yet.')).toBeVisible();
    expect(screen.getByLabelText('Attach files')).toHaveAttribute('type', 'file');
  });

  it('uploads a picked file with the presigned form (the file last), completes it and lists it', async () => {
    const { posted, asked } = serve([]);
    const { user } = render();
    await screen.findByText('No attachments yet.');
    await user.upload(screen.getByLabelText('Attach files'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Attached files' })).getByText('notes.txt')).toBeVisible());
    expect(asked).toEqual([{ fileName: 'notes.txt', contentType: 'text/plain', size: 5 }]);
    expect([...(posted[0]?.keys() ?? [])]).toEqual(['key', 'Content-Type', 'policy', 'file']);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('refuses a dropped file over the limit or of a type outside the allow-list before sending anything, saying why', async () => {
    const { asked } = serve([]);
    const { user } = render();
    await screen.findByText('No attachments yet.');
    const big = new File(['x'], 'huge.zip', { type: 'application/zip' });
    Object.defineProperty(big, 'size', { value: ATTACHMENT_MAX_BYTES + 1 });
    const zone = screen.getByLabelText('Attach files').closest('div') as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [big, new File(['<p>'], 'page.html', { type: 'text/html' })] } });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['File must be at most 25 MB', expect.stringContaining('cannot be attached')]);
    expect(asked).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Dismiss huge.zip' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('lets an owner or admin delete anyone’s file after asking', async () => {
    const stored = [attachment('a1', {})];
    serve(stored);
    const { user } = render(true);
    await user.click(await screen.findByRole('button', { name: 'Delete a1.pdf' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete Attachment' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No attachments yet.')).toBeVisible();
    expect(stored).toEqual([]);
  });

  it('says so when the list cannot be read, with Retry', async () => {
    server.use(http.get(api(path), () => HttpResponse.json({ error: 'Workspace not found' }, { status: 404 })));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Workspace not found');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

describe("a comment's files (issue 37)", () => {
  const comments = '/workspaces/ws-1/projects/p1/tasks/t1/comments';
  const members = [
    { userId: 'u-ana', displayName: 'Ana Lopez' },
    { userId: 'u-me', displayName: 'Me Myself' },
  ];
  const aComment = (id: string, authorId: string) => ({ id, taskId: 't1', authorId, body: `Comment ${id}`, mentions: [], createdAt: at, updatedAt: at, edited: false });

  it('keeps a comment’s files out of the task’s list', async () => {
    serve([attachment('a1', { commentId: 'c1' }), attachment('a2', {})]);
    render();
    const list = await screen.findByRole('list', { name: 'Attached files' });
    expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('.attachment-name')?.textContent)).toEqual(['a2.pdf']);
  });

  it('lists each comment’s files with it, and lets its author attach more while editing it, sent with its commentId', async () => {
    const { asked } = serve([attachment('a1', { commentId: 'c1', fileName: 'spec.pdf' })]);
    server.use(http.get(api(comments), () => HttpResponse.json({ comments: [aComment('c1', 'u-ana'), aComment('c2', 'u-me')], nextCursor: null })));
    const { user } = renderWithApp(<CommentsSection target={{ workspaceId: 'ws-1', projectId: 'p1', taskId: 't1' }} members={members} userId="u-me" moderator={false} />);
    const files = await screen.findByRole('list', { name: 'Files of the comment by Ana Lopez' });
    expect(within(files).getByRole('button', { name: 'Download spec.pdf' })).toBeVisible();
    expect(within(files).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByLabelText('Add more files')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit comment by Me Myself' }));
    await user.upload(screen.getByLabelText('Add more files'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(asked).toEqual([{ fileName: 'notes.txt', contentType: 'text/plain', size: 5, commentId: 'c2' }]));
  });

  it('holds files picked in the composer until the comment is sent, then uploads each to the new comment', async () => {
    const { asked } = serve([]);
    const posted: unknown[] = [];
    server.use(
      http.get(api(comments), () => HttpResponse.json({ comments: [], nextCursor: null })),
      http.post(api(comments), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ comment: aComment('c9', 'u-me') }, { status: 201 });
      }),
    );
    const { user } = renderWithApp(<CommentsSection target={{ workspaceId: 'ws-1', projectId: 'p1', taskId: 't1' }} members={members} userId="u-me" moderator={false} />);
    await user.upload(await screen.findByLabelText('Add files'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(screen.getByRole('list', { name: 'Files to attach' })).getByText('notes.txt')).toBeVisible();
    expect(asked).toEqual([]);
    await user.type(screen.getByLabelText('Write a comment'), 'With the notes');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(asked).toEqual([{ fileName: 'notes.txt', contentType: 'text/plain', size: 5, commentId: 'c9' }]));
    expect(posted).toEqual([{ body: 'With the notes' }]);
    expect(screen.queryByRole('list', { name: 'Files to attach' })).toBeNull();
  });

  it("does the same for a project's own comment at the project's routes: the composer's files go to the new comment, its files listed with it", async () => {
    const projectComments = '/workspaces/ws-1/projects/p1/comments';
    const { taskId: _task, ...onProject } = attachment('a1', { commentId: 'c1', fileName: 'brief.pdf' });
    const { asked, posted } = serve([onProject], '/workspaces/ws-1/projects/p1/attachments');
    const { taskId: _onTask, ...projectComment } = aComment('c1', 'u-ana');
    server.use(
      http.get(api(projectComments), () => HttpResponse.json({ comments: [projectComment], nextCursor: null })),
      http.post(api(projectComments), () => HttpResponse.json({ comment: { ...projectComment, id: 'c9', authorId: 'u-me' } }, { status: 201 })),
    );
    const { user } = renderWithApp(<CommentsSection target={{ workspaceId: 'ws-1', projectId: 'p1' }} members={members} userId="u-me" moderator={false} />);
    const files = await screen.findByRole('list', { name: 'Files of the comment by Ana Lopez' });
    expect(within(files).getByRole('button', { name: 'Download brief.pdf' })).toBeVisible();

    await user.upload(screen.getByLabelText('Add files'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.type(screen.getByLabelText('Write a comment'), 'With the notes');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(asked).toEqual([{ fileName: 'notes.txt', contentType: 'text/plain', size: 5, commentId: 'c9' }]));
    await waitFor(() => expect(posted).toHaveLength(1));
  });
});
