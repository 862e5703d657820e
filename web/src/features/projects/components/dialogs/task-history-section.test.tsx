import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { HistoryEntryView } from '@shared/schemas/task-history';
import { renderWithApp } from '@/testing/render';
import { api, server } from '@/testing/server';
import { TaskHistorySection } from './task-history-section';

const path = '/workspaces/ws-1/projects/p2/tasks/t1/history';
const at = new Date(Date.now() - 2 * 3_600_000).toISOString();
const entry = (id: string, fields: Partial<HistoryEntryView>): HistoryEntryView => ({ id, kind: 'changed', actorName: 'Olga Owner', at, changes: [], ...fields });

const firstPage = [
  entry('5', { kind: 'moved', changes: [{ field: 'projectId', from: 'Apollo', to: 'Zeus' }] }),
  entry('4', { actorName: 'Mia Member', changes: [{ field: 'status', from: 'todo', to: 'completed' }, { field: 'completed', from: false, to: true }] }),
  entry('3', { changes: [{ field: 'priority', from: 'low', to: 'high' }] }),
];
const lastPage = [entry('2', { changes: [{ field: 'assignedTo', from: null, to: 'Mia Member' }] }), entry('1', { kind: 'created' })];

function answer(respond: (cursor: string | null) => Response) {
  const cursors: (string | null)[] = [];
  server.use(
    http.get(api(path), ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      cursors.push(cursor);
      return respond(cursor);
    }),
  );
  return cursors;
}

const show = async () => {
  const rendered = renderWithApp(<TaskHistorySection workspaceId="ws-1" projectId="p2" taskId="t1" />);
  const button = screen.getByRole('button', { name: 'Show history' });
  return { ...rendered, button };
};

describe("a task's history in the task view (issue 37)", () => {
  it('stays collapsed and unread until asked, then lists who changed what, newest first, and loads more', async () => {
    const cursors = answer((cursor) => HttpResponse.json(cursor ? { entries: lastPage, nextCursor: null } : { entries: firstPage, nextCursor: 'page-2' }));
    const { user, button } = await show();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(cursors).toEqual([]);

    await user.click(button);
    expect(screen.getByRole('button', { name: 'Hide history' })).toHaveAttribute('aria-expanded', 'true');
    const section = screen.getByRole('region', { name: 'History' });
    const lines = async () => (await within(section).findAllByRole('listitem')).map((item) => item.textContent);
    expect(await lines()).toEqual([
      'Olga Owner moved it from Apollo to Zeus · 2 hours ago',
      'Mia Member changed Status from To Do to Completed · 2 hours ago',
      'Mia Member completed the task · 2 hours ago',
      'Olga Owner changed Priority from Low to High · 2 hours ago',
    ]);

    await user.click(within(section).getByRole('button', { name: 'Load more' }));
    await within(section).findByText(/created the task/);
    expect((await lines()).slice(4)).toEqual(['Olga Owner assigned it to Mia Member · 2 hours ago', 'Olga Owner created the task · 2 hours ago']);
    expect(cursors).toEqual([null, 'page-2']);
    expect(within(section).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when there is no history yet', async () => {
    answer(() => HttpResponse.json({ entries: [], nextCursor: null }));
    const { user, button } = await show();
    await user.click(button);
    expect(await screen.findByText('No history yet.')).toBeInTheDocument();
  });

  it('says when the history could not be read, and reads it again on Retry', async () => {
    let failing = true;
    answer(() =>
      failing ? HttpResponse.json({ error: 'Internal error' }, { status: 500 }) : HttpResponse.json({ entries: [entry('1', { kind: 'created' })], nextCursor: null }),
    );
    const { user, button } = await show();
    await user.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Failed to load the history|Internal error/);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/created the task/)).toBeInTheDocument();
  });
});
