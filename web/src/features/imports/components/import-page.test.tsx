import { createHash } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { duplicateImportMessage, IMPORT_FILE_TOO_LARGE, IMPORT_MAX_BYTES, type ImportView } from '@shared/schemas/import';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { readCsvSample } from '../utils/read-csv-sample';
import { IMPORT_OWNERS_ONLY } from '../utils/sources';
import { TITLE_COLUMN_REQUIRED } from './csv-mapping';
import { ImportPage } from './import-page';

// The Web Worker is the browser's; here the sample it would read is given.
vi.mock('../utils/read-csv-sample', () => ({ readCsvSample: vi.fn() }));

const bucket = 'http://bucket.test/taskflow-local-imports';
const imports = api('/workspaces/ws-1/imports');

function anImport(overrides: Partial<ImportView> = {}): ImportView {
  return {
    id: 'imp-1',
    source: 'trello',
    fileName: 'board.json',
    size: 20,
    status: 'analyzing',
    requestedBy: 'user-1',
    createdAt: '2026-12-01T09:00:00.000Z',
    finishedAt: null,
    error: null,
    preview: null,
    progress: { done: 0, total: 0 },
    report: null,
    ...overrides,
  };
}

const preview: NonNullable<ImportView['preview']> = {
  create: { projects: 2, tasks: 120, subtasks: 1, labels: 4, comments: 30 },
  labelsMatched: 1,
  withDueDate: 40,
  completed: 12,
  archived: 3,
  assigneesMatched: [{ source: 'ana@example.com', memberId: 'user-1', memberName: 'Ana Lima' }],
  assigneesUnmatched: ['Bob Stone', 'Carol'],
  notKept: [{ what: 'Attachments are not imported', count: 12 }],
  skipped: [
    { where: 'Row 7', reason: 'It has no title' },
    { where: 'Row 9', reason: 'Its due date is not a date' },
  ],
  skippedCount: 5,
};

/** The import the API made of what was asked, being analysed. */
const uploaded = (body: Record<string, unknown> | undefined): ImportView => anImport({ source: body?.source as ImportView['source'], fileName: String(body?.fileName) });

/** The API for a new import: the list, the create (recorded; 409 until allowed when `duplicate`), the bucket and uploaded. */
function serveNewImport({ listed = [] as ImportView[], duplicate = false } = {}) {
  const asked: Record<string, unknown>[] = [];
  const posted: FormData[] = [];
  server.use(
    http.get(imports, () => HttpResponse.json({ imports: listed })),
    http.post(imports, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      asked.push(body);
      if (duplicate && body.allowDuplicate !== true) return HttpResponse.json({ error: duplicateImportMessage('2026-11-20T10:00:00.000Z') }, { status: 409 });
      return HttpResponse.json(
        { import: { ...uploaded(body), status: 'uploading' }, upload: { url: bucket, fields: { key: 'imports/ws-1/imp-1/source', policy: 'p' } } },
        { status: 201 },
      );
    }),
    http.post(bucket, async ({ request }) => {
      posted.push(await request.formData());
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${imports}/imp-1/uploaded`, () => HttpResponse.json({ import: asked.at(-1) ? uploaded(asked.at(-1)) : anImport() })),
    http.get(`${imports}/imp-1`, () => HttpResponse.json({ import: asked.at(-1) ? uploaded(asked.at(-1)) : anImport() })),
  );
  return { asked, posted };
}

const render = (role: 'owner' | 'admin' | 'member' = 'owner') => renderWithApp(<ImportPage workspace={workspaceView({ role })} projectsHref="/projects" />);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('Workspace Settings → Import (issue 39)', () => {
  beforeEach(() => vi.mocked(readCsvSample).mockReset());

  it('offers each source with how to get its file, and the picker takes that source’s kind of file', async () => {
    serveNewImport({ listed: [anImport({ status: 'done', fileName: 'old.csv', source: 'asana' })] });
    const { user } = render();
    const sources = await screen.findByRole('group', { name: 'Import from' });
    const radios = within(sources).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['trello', 'todoist', 'asana', 'csv', 'taskflow']);
    expect(within(sources).getByRole('radio', { name: 'Trello board (JSON)' })).toBeChecked();
    expect(within(sources).getByRole('radio', { name: 'Trello board (JSON)' })).toHaveAccessibleDescription(/Export as JSON/);
    expect(screen.getByLabelText('File')).toHaveAttribute('accept', '.json,application/json');
    await user.click(within(sources).getByRole('radio', { name: 'Todoist (CSV)' }));
    expect(screen.getByLabelText('File')).toHaveAttribute('accept', '.csv,text/csv');
    expect(within(sources).getByRole('radio', { name: 'Other CSV (map columns)' })).toHaveAccessibleDescription(/header row/);
    expect(within(sources).getByRole('radio', { name: 'TaskFlow export (JSON)' })).toBeInTheDocument();
    // The import of a finished import is not resumed; it is listed.
    const recent = screen.getByRole('list', { name: 'Recent imports' });
    expect(within(recent).getByRole('listitem')).toHaveTextContent(/old\.csv.*Asana \(CSV\).*Done/);
  });

  it('refuses a file over 50 MB before anything is sent, and asks for a file before continuing', async () => {
    const { asked } = serveNewImport();
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose the file to import')).toBeInTheDocument();
    const big = new File(['{}'], 'huge.json', { type: 'application/json' });
    Object.defineProperty(big, 'size', { value: IMPORT_MAX_BYTES + 1 });
    await user.upload(screen.getByLabelText('File'), big);
    expect(await screen.findByText(IMPORT_FILE_TOO_LARGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(asked).toEqual([]);
  });

  it('maps a CSV’s columns as guessed from its headers, shows its first rows, and wants the title’s column', async () => {
    vi.mocked(readCsvSample).mockResolvedValue({ headers: ['Task Name', 'Notes', 'Due', 'Foo'], rows: [['Write plan', 'by Friday', '2026-12-04', 'x']] });
    const { asked, posted } = serveNewImport();
    const { user } = render();
    await user.click(await screen.findByRole('radio', { name: 'Other CSV (map columns)' }));
    const text = 'Task Name,Notes,Due,Foo\nWrite plan,by Friday,2026-12-04,x\n';
    await user.upload(screen.getByLabelText('File'), new File([text], 'tasks.csv', { type: 'text/csv' }));

    const mapping = await screen.findByRole('group', { name: 'Which column holds what' });
    expect(within(mapping).getByLabelText('Title (required)')).toHaveValue('Task Name');
    expect(within(mapping).getByLabelText('Description')).toHaveValue('Notes');
    expect(within(mapping).getByLabelText('Due date')).toHaveValue('Due');
    expect(within(mapping).getByLabelText('Project')).toHaveValue('');
    expect(within(within(mapping).getByLabelText('Project')).getByRole('option', { name: 'Not imported' })).toBeInTheDocument();
    for (const label of ['Status', 'Priority', 'Assignee', 'Labels', 'Parent task', 'Comments']) expect(within(mapping).getByLabelText(label)).toHaveValue('');
    const table = within(mapping).getByRole('table', { name: 'The file’s first rows' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Task Name', 'Notes', 'Due', 'Foo']);
    expect(within(table).getByRole('cell', { name: 'Write plan' })).toBeInTheDocument();

    await user.selectOptions(within(mapping).getByLabelText('Title (required)'), 'Not imported');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(TITLE_COLUMN_REQUIRED)).toBeInTheDocument();
    expect(asked).toEqual([]);

    await user.selectOptions(within(mapping).getByLabelText('Title (required)'), 'Task Name');
    await user.selectOptions(within(mapping).getByLabelText('Project'), 'Foo');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('region', { name: 'Import of tasks.csv' })).toBeInTheDocument();
    expect(asked).toEqual([
      { source: 'csv', fileName: 'tasks.csv', size: text.length, sha256: sha256(text), mapping: { title: 'Task Name', description: 'Notes', dueDate: 'Due', project: 'Foo' } },
    ]);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.get('key')).toBe('imports/ws-1/imp-1/source');
    expect(within(screen.getByRole('region', { name: 'Import of tasks.csv' })).getByRole('status')).toHaveTextContent('Checking the file');
  });

  it('asks before importing a file imported before: Cancel stops, Import again sends it with allowDuplicate', async () => {
    const { asked, posted } = serveNewImport({ duplicate: true });
    const { user } = render();
    await user.upload(await screen.findByLabelText('File'), new File(['{"cards":[]}'], 'board.json', { type: 'application/json' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    let question = await screen.findByRole('alertdialog', { name: 'Import this file again?' });
    expect(question).toHaveTextContent(duplicateImportMessage('2026-11-20T10:00:00.000Z'));
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(asked).toHaveLength(1);
    expect(posted).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    question = await screen.findByRole('alertdialog', { name: 'Import this file again?' });
    await user.click(within(question).getByRole('button', { name: 'Import again' }));
    expect(await screen.findByRole('region', { name: 'Import of board.json' })).toBeInTheDocument();
    expect(asked).toHaveLength(3);
    expect(asked[2]).toMatchObject({ source: 'trello', fileName: 'board.json', allowDuplicate: true });
    expect(asked[1]).not.toHaveProperty('allowDuplicate');
    expect(posted).toHaveLength(1);
  });

  it('resumes an analysed import after a reload: the preview, then Start import and its progress', async () => {
    const started: string[] = [];
    const ready = anImport({ status: 'ready', preview });
    server.use(
      http.get(imports, () => HttpResponse.json({ imports: [ready] })),
      http.get(`${imports}/imp-1`, () => HttpResponse.json({ import: started.length ? anImport({ status: 'running', preview, progress: { done: 1234, total: 5000 } }) : ready })),
      http.post(`${imports}/imp-1/start`, () => {
        started.push('imp-1');
        return HttpResponse.json({ import: anImport({ status: 'running', preview, progress: { done: 1234, total: 5000 } }) });
      }),
    );
    const { user } = render();
    const job = await screen.findByRole('region', { name: 'Import of board.json' });
    const created = within(job).getByRole('list', { name: 'What will be created' });
    expect(within(created).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2 projects',
      '120 tasks',
      '1 sub-task',
      '4 new labels, and 1 that matches an existing label by name',
      '30 comments',
    ]);
    expect(job).toHaveTextContent('Of the tasks, 40 have a due date, 12 are completed and 3 are archived.');
    expect(within(job).getByRole('list', { name: 'Assignees matched to members' })).toHaveTextContent('ana@example.com → Ana Lima');
    expect(job).toHaveTextContent('No member matches Bob Stone, Carol: their tasks are left unassigned.');
    expect(within(job).getByRole('list', { name: 'What cannot be kept' })).toHaveTextContent('Attachments are not imported (12)');
    const skipped = within(job).getByRole('list', { name: 'Rows that will be skipped' });
    expect(within(skipped).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Row 7: It has no title', 'Row 9: Its due date is not a date']);
    expect(job).toHaveTextContent('and 3 more');
    // No new import is offered while one waits.
    expect(screen.queryByRole('form', { name: 'New import' })).not.toBeInTheDocument();

    await user.click(within(job).getByRole('button', { name: 'Start import' }));
    const bar = await within(job).findByRole('progressbar', { name: 'Import progress' });
    expect(started).toEqual(['imp-1']);
    expect(bar).toHaveAttribute('aria-valuenow', '1234');
    expect(bar).toHaveAttribute('aria-valuemax', '5000');
    expect(bar).toHaveAttribute('aria-valuetext', '1,234 of 5,000');
    expect(job).toHaveTextContent('1,234 of 5,000');
    expect(within(job).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('follows a running import found on load until its report, with a link to the projects', async () => {
    let reads = 0;
    const running = anImport({ status: 'running', progress: { done: 10, total: 40 } });
    server.use(
      http.get(imports, () => HttpResponse.json({ imports: [running] })),
      http.get(`${imports}/imp-1`, () => {
        reads += 1;
        if (reads < 2) return HttpResponse.json({ import: running });
        return HttpResponse.json({
          import: anImport({
            status: 'done',
            progress: { done: 40, total: 40 },
            finishedAt: '2026-12-01T09:01:00.000Z',
            report: { created: { projects: 1, tasks: 38, subtasks: 0, labels: 2, comments: 5 }, skipped: [{ where: 'Card "Old"', reason: 'It has no list' }], skippedCount: 1 },
          }),
        });
      }),
    );
    render();
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    expect(bar).toHaveAttribute('aria-valuemax', '40');
    const created = await screen.findByRole('list', { name: 'Created' }, { timeout: 5000 });
    expect(within(created).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1 project', '38 tasks', '0 sub-tasks', '2 labels', '5 comments']);
    expect(within(screen.getByRole('list', { name: 'Skipped' })).getByRole('listitem')).toHaveTextContent('Card "Old": It has no list');
    expect(screen.getByRole('link', { name: 'Go to Projects' })).toHaveAttribute('href', '/projects');
    expect(within(screen.getByRole('region', { name: 'Import of board.json' })).getByRole('status')).toHaveTextContent('The import is done.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows why an import failed, and Try another file offers a new one', async () => {
    server.use(
      http.get(imports, () => HttpResponse.json({ imports: [anImport()] })),
      http.get(`${imports}/imp-1`, () => HttpResponse.json({ import: anImport({ status: 'failed', error: 'This JSON is not a Trello board export.' }) })),
    );
    const { user } = render();
    expect(await screen.findByText('This JSON is not a Trello board export.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try another file' }));
    const form = await screen.findByRole('region', { name: 'New import' });
    // The button pressed is gone: focus is on the step that replaced it.
    await waitFor(() => expect(form.parentElement).toHaveFocus());
  });

  it('says only new labels when none of the file’s matches an existing one, how many match when several do, and “No new labels” when all do', async () => {
    const labelsLine = async (labels: number, labelsMatched: number) => {
      server.use(
        http.get(imports, () => HttpResponse.json({ imports: [anImport({ status: 'ready', preview: { ...preview, create: { ...preview.create, labels }, labelsMatched } })] })),
        http.get(`${imports}/imp-1`, () => HttpResponse.json({ import: anImport({ status: 'ready', preview: { ...preview, create: { ...preview.create, labels }, labelsMatched } }) })),
      );
      const { unmount } = render();
      const created = within(await screen.findByRole('region', { name: 'Import of board.json' })).getByRole('list', { name: 'What will be created' });
      const line = within(created).getAllByRole('listitem')[3]?.textContent;
      unmount();
      return line;
    };
    expect(await labelsLine(1, 0)).toBe('1 new label');
    expect(await labelsLine(0, 2)).toBe('No new labels: 2 match existing labels by name');
    expect(await labelsLine(3, 2)).toBe('3 new labels, and 2 that match existing labels by name');
  });

  it('cancels an import waiting to start', async () => {
    const cancelled: string[] = [];
    server.use(
      http.get(imports, () => HttpResponse.json({ imports: cancelled.length ? [anImport({ status: 'cancelled' })] : [anImport({ status: 'ready', preview })] })),
      http.get(`${imports}/imp-1`, () => HttpResponse.json({ import: anImport({ status: 'ready', preview }) })),
      http.delete(`${imports}/imp-1`, () => {
        cancelled.push('imp-1');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = render();
    const job = await screen.findByRole('region', { name: 'Import of board.json' });
    await user.click(within(job).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('form', { name: 'New import' })).toBeInTheDocument();
    expect(cancelled).toEqual(['imp-1']);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Recent imports' })).getByRole('listitem')).toHaveTextContent('Cancelled'));
  });

  it('says only owners and admins can import, to a member, without asking the server', () => {
    render('member');
    expect(screen.getByText(IMPORT_OWNERS_ONLY)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New import' })).not.toBeInTheDocument();
  });

  it('shows a load error with Retry, and no imports yet', async () => {
    let fail = true;
    server.use(http.get(imports, () => (fail ? HttpResponse.json({ error: 'Boom' }, { status: 500 }) : HttpResponse.json({ imports: [] }))));
    const { user } = render('admin');
    expect(await screen.findByText(/Couldn.t load the imports/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No imports yet.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'New import' })).toBeInTheDocument();
  });
});
