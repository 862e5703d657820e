import { describe, expect, it } from 'vitest';
import { largeTrelloBoard, type Produced } from '../../../shared/testing/import-files.js';
import { ImportFileError, type ImportRecord } from '../records.js';
import { fixture, ofKind, openChunks, readAll } from './test-helpers.js';
import { listStatus, trelloReader } from './trello.js';

const board = fixture('trello-board.json');
const read = (text: string, chunk?: number) => readAll(trelloReader({ fileName: 'board.json' }), openChunks(text, chunk));
const id = (n: number) => `65a0f0e0a1b2c3d4e5f6${String(n).padStart(4, '0')}`;
const taskOf = (records: readonly ImportRecord[], key: string) => ofKind(records, 'task').find((task) => task.key === key);

describe('trelloReader', () => {
  it('makes the board one project, first, with its description', async () => {
    const [first] = await read(board);
    expect(first).toEqual({ kind: 'project', key: 'board', name: 'Website relaunch', description: 'Everything for the **new** site.' });
  });

  it('yields the board’s labels (a label without a name is named by its colour) and a label for each list, before any task', async () => {
    const records = await read(board);
    const labels = ofKind(records, 'label');
    expect(labels.map((label) => label.name)).toEqual(['Design', 'Urgent', 'yellow', 'To Do', 'Doing', 'Done ✅', 'Parking lot']);
    expect(labels[0]).toEqual({ kind: 'label', key: id(201), name: 'Design', color: 'green' });
    const firstTask = records.findIndex((record) => record.kind === 'task');
    expect(records.findLastIndex((record) => record.kind === 'label')).toBeLessThan(firstTask);
  });

  it('makes a card a task: description, due date, first member as assignee, labels with its list’s, creation time from its id', async () => {
    const task = taskOf(await read(board), id(101));
    expect(task).toEqual({
      kind: 'task',
      key: id(101),
      projectKey: 'board',
      title: 'Launch website 🚀',
      status: 'todo',
      description: 'The launch, with "quotes", commas, and\nnew lines.',
      dueDate: '2024-02-01',
      assignee: { name: 'Ana Lima' },
      labelKeys: [id(201), id(203), `list:${id(11)}`],
      createdAt: '2024-01-12T07:57:20.000Z',
    });
  });

  it('reads the status from the list’s name (Doing → in progress, Done → completed) or a completed due date; a member without a full name by username', async () => {
    const records = await read(board);
    expect(taskOf(records, id(102))?.status).toBe('in_progress');
    expect(taskOf(records, id(103))).toMatchObject({ status: 'completed', assignee: { name: 'bruno' } });
    expect(taskOf(records, id(104))?.status).toBe('completed');
  });

  it.each([
    ['Done', 'completed'],
    ['Complete ✅', 'completed'],
    ['Doing', 'in_progress'],
    ['In Progress', 'in_progress'],
    ['Backlog', 'todo'],
    ['Donegal trip', 'todo'],
  ] as const)('list %j → %j', (name, status) => {
    expect(listStatus(name)).toBe(status);
  });

  it('marks a closed card and a card of a closed list archived', async () => {
    const records = await read(board);
    expect(taskOf(records, id(105))?.archived).toBe(true);
    expect(taskOf(records, id(106))?.archived).toBe(true);
    expect(taskOf(records, id(101))?.archived).toBeUndefined();
  });

  it('counts what is not kept: attachments, votes, stickers, custom field values, start dates, members past the first, Power-Up data, checklist names', async () => {
    const counts = new Map<string, number>();
    for (const { what } of ofKind(await read(board), 'notKept')) counts.set(what, (counts.get(what) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({
      'Power-Up data is not imported': 1,
      'Members of a card past the first (its assignee) are not kept': 1,
      'Attachments are not imported': 2,
      'Votes are not imported': 1,
      'Stickers are not imported': 1,
      'Custom field values are not imported': 1,
      'Start dates are not imported': 1,
      'Checklist names are not kept (their items become sub-tasks)': 1,
    });
  });

  it('skips a card without a name, and a checklist and a comment whose card is not in the file', async () => {
    expect(ofKind(await read(board), 'skipped')).toEqual([
      { kind: 'skipped', where: `card ${id(107)}`, reason: 'no title' },
      { kind: 'skipped', where: 'comment 65a0f1000000000000000a02', reason: 'its card is not in the file' },
      { kind: 'skipped', where: 'checklist “Of a deleted card”', reason: 'its card is not in the file' },
    ]);
  });

  it('makes checklist items sub-tasks of their card in the checklist’s order (checked → completed), after every card', async () => {
    const records = await read(board);
    const subtasks = ofKind(records, 'task').filter((task) => task.parentKey);
    expect(subtasks).toEqual([
      { kind: 'task', key: id(411), projectKey: 'board', parentKey: id(101), title: 'Check the links', status: 'completed' },
      { kind: 'task', key: id(412), projectKey: 'board', parentKey: id(101), title: 'Test on phones', status: 'todo', dueDate: '2024-01-30', assignee: { name: 'Ana Lima' } },
    ]);
    const lastCard = records.findIndex((record) => record.kind === 'task' && record.key === id(106));
    expect(records.findIndex((record) => record.kind === 'task' && record.parentKey !== undefined)).toBeGreaterThan(lastCard);
  });

  it('makes commentCard actions comments with their author and date, after the cards, and reads no other action', async () => {
    const records = await read(board);
    expect(ofKind(records, 'comment')).toEqual([
      {
        kind: 'comment',
        key: '65a0f1000000000000000a01',
        taskKey: id(101),
        text: 'Looks great, ship it 👍\nBut check the footer, please.',
        author: { name: 'Ana Lima' },
        createdAt: '2024-01-12T10:15:00.000Z',
      },
    ]);
    expect(records.findIndex((record) => record.kind === 'comment')).toBeGreaterThan(records.findIndex((record) => record.kind === 'task' && record.key === id(106)));
  });

  it('reads the same records whatever the chunks the text comes in, and again on a second read', async () => {
    const reader = trelloReader({ fileName: 'board.json' });
    const whole = await readAll(reader, openChunks(board, board.length));
    expect(await readAll(reader, openChunks(board, 1))).toEqual(whole);
    expect(await readAll(reader, openChunks(board, 4096))).toEqual(whole);
  });

  it('names the project after the file when the board has no name, and marks a closed board archived', async () => {
    const [project] = await read('{"name":"","closed":true,"cards":[],"lists":[]}');
    expect(project).toEqual({ kind: 'project', key: 'board', name: 'board', archived: true });
  });

  it.each([
    ['[{"name":"x"}]', 'This is not a Trello board export: it is not a JSON object.'],
    ['"just text"', 'This is not a Trello board export: it is not a JSON object.'],
    ['{"name":"My list","items":[1,2]}', 'This is not a Trello board export: it has no cards and lists.'],
    ['{"cards":[]}', 'This is not a Trello board export: it has no cards and lists.'],
    ['', 'This is not a Trello board export: it is not valid JSON (Parser has expected a value).'],
  ])('refuses %j before any record', async (text, message) => {
    await expect(read(text)).rejects.toThrow(new ImportFileError(message));
  });

  it('refuses a file that is not JSON, or is cut short, before any record', async () => {
    await expect(read('Title,Notes\nA,b\n')).rejects.toThrow(/^This is not a Trello board export: it is not valid JSON/);
    await expect(read(board.slice(0, board.length / 2))).rejects.toThrow(/^This is not a Trello board export: it is not valid JSON/);
    const records: ImportRecord[] = [];
    await expect(async () => {
      for await (const record of trelloReader()(openChunks(board.slice(0, -10)))) records.push(record);
    }).rejects.toThrow(ImportFileError);
    expect(records).toEqual([]);
  });

  it('passes on a failure of the stream itself as it is, after a first pass and mid-way through one (our error, not a refused file)', async () => {
    const reset = new Error('socket hang up');
    let opened = 0;
    const failing = () => {
      opened += 1;
      const cut = opened === 1 ? board.length / 2 : board.length - 10;
      return (async function* () {
        yield* openChunks(board.slice(0, cut))();
        throw reset;
      })();
    };
    await expect(readAll(trelloReader(), failing)).rejects.toBe(reset);
  });

  it('reads a 5,000-card board: every card, checklist item and comment, a card at a time', async () => {
    const produced: Produced = { rows: 0, done: false };
    const counts = new Map<string, number>();
    let subtasks = 0;
    let cardsMadeAtFirstTask = -1;
    for await (const record of trelloReader()(() => largeTrelloBoard(5000, produced))) {
      counts.set(record.kind, (counts.get(record.kind) ?? 0) + 1);
      if (record.kind === 'task' && record.parentKey) subtasks += 1;
      if (record.kind === 'task' && cardsMadeAtFirstTask < 0) cardsMadeAtFirstTask = produced.rows;
    }
    // Every read makes the cards anew: the first task comes in the second read, right after its card is made.
    expect(cardsMadeAtFirstTask).toBeGreaterThan(5000);
    expect(cardsMadeAtFirstTask).toBeLessThan(5000 + 50);
    expect(counts.get('project')).toBe(1);
    expect(counts.get('task')).toBe(5000 + 3000);
    expect(subtasks).toBe(3000);
    expect(counts.get('comment')).toBe(500);
    expect(counts.get('skipped')).toBeUndefined();
  }, 60_000);
});
