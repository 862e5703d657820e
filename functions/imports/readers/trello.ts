import type { TaskStatus } from '../../../shared/schemas/project.js';
import { ImportFileError, type ImportedLabel, type ImportedProject, type ImportPerson, type ImportReader, type ImportRecord, type OpenText } from '../records.js';
import { JsonSyntaxError, NotAnObject, walkTopLevel } from './json-walk.js';
import { fileStem, plainDate } from './values.js';

/**
 * A Trello board's JSON export (Board menu → Print, export and share → Export as JSON): the board is one
 * project; a list is a status by its name and a label named after it (so the list is not lost); a card is a
 * task; its checklists' items are its sub-tasks; `commentCard` actions are comments. What the app has no
 * place for (attachments, votes, stickers, custom fields, Power-Up data) is counted as not kept.
 *
 * Read in three passes over the stream, never holding the cards: the small dictionaries first (lists,
 * members, labels, the ids of the cards), then the cards, then the checklists and comments, so a task always
 * comes before its sub-tasks and comments whatever the order of the export's keys.
 */

type Json = Readonly<Record<string, unknown>>;
const objectOf = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const arrayOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const countOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

const PROJECT_KEY = 'board';
const listLabelKey = (listId: string) => `list:${listId}`;

/** A list's status by its name: Done/Complete → completed, Doing/In progress → in progress, else to do. */
export function listStatus(name: string): TaskStatus {
  if (/\b(done|complete|completed|finished)\b/i.test(name)) return 'completed';
  if (/\b(doing|progress|in progress|wip)\b/i.test(name)) return 'in_progress';
  return 'todo';
}

/** Trello's ids begin with the second they were made (a MongoDB ObjectId): the card's creation time. */
function createdAtOf(id: string): string | undefined {
  if (!/^[0-9a-f]{24}$/i.test(id)) return undefined;
  return new Date(Number.parseInt(id.slice(0, 8), 16) * 1000).toISOString();
}

const dueDateOf = (value: unknown): string | undefined => plainDate(textOf(value).slice(0, 10));

interface Board {
  readonly project: ImportedProject;
  readonly labels: readonly ImportedLabel[];
  readonly labelIds: ReadonlySet<string>;
  readonly lists: ReadonlyMap<string, { readonly name: string; readonly closed: boolean }>;
  readonly members: ReadonlyMap<string, string>;
  readonly cardIds: ReadonlySet<string>;
  /** Power-Up data entries: not kept. */
  readonly pluginData: number;
}

const notABoard = (why: string) => new ImportFileError(`This is not a Trello board export: ${why}.`);

async function* walk(open: OpenText, arrays: readonly string[]) {
  try {
    yield* walkTopLevel(open, new Set(arrays));
  } catch (error) {
    if (error instanceof NotAnObject) throw notABoard('it is not a JSON object');
    if (error instanceof JsonSyntaxError) throw notABoard(`it is not valid JSON (${error.message})`);
    // A failure of the stream itself (a reset S3 read) passes as it is: the worker fails the run as its own error (Try again), not the file's.
    throw error;
  }
}

/** The first pass: the board and its small dictionaries; throws when the file is not a board. */
async function readBoard(open: OpenText, fileName: string | undefined): Promise<Board> {
  const fields = new Map<string, unknown>();
  const arrays = new Set<string>();
  const labels: ImportedLabel[] = [];
  const lists = new Map<string, { name: string; closed: boolean }>();
  const members = new Map<string, string>();
  const cardIds = new Set<string>();
  let pluginData = 0;
  for await (const entry of walk(open, ['labels', 'lists', 'members', 'cards', 'pluginData'])) {
    if ('value' in entry) fields.set(entry.key, entry.value);
    else if ('array' in entry) arrays.add(entry.key);
    else {
      const item = objectOf(entry.item);
      const id = textOf(item.id);
      if (entry.key === 'cards' && id) cardIds.add(id);
      else if (entry.key === 'lists' && id) lists.set(id, { name: textOf(item.name).trim(), closed: item.closed === true });
      else if (entry.key === 'members' && id) members.set(id, textOf(item.fullName).trim() || textOf(item.username).trim());
      else if (entry.key === 'labels' && id) {
        const color = textOf(item.color);
        labels.push({ kind: 'label', key: id, name: textOf(item.name).trim() || color || 'Label', ...(color ? { color } : {}) });
      } else if (entry.key === 'pluginData') pluginData += 1;
    }
  }
  if (!arrays.has('cards') || !arrays.has('lists')) throw notABoard('it has no cards and lists');
  const description = textOf(fields.get('desc')).trim();
  const project: ImportedProject = {
    kind: 'project',
    key: PROJECT_KEY,
    name: textOf(fields.get('name')).trim() || fileStem(fileName),
    ...(description ? { description } : {}),
    ...(fields.get('closed') === true ? { archived: true } : {}),
  };
  return { project, labels, labelIds: new Set(labels.map((label) => label.key)), lists, members, cardIds, pluginData };
}

const notKept = (what: string, count: number): ImportRecord[] => Array.from({ length: count }, () => ({ kind: 'notKept', what }));

/** A card's task and what of it is not kept; a card without a name is skipped. */
function cardRecords(board: Board, card: Json, skippedCards: Set<string>): ImportRecord[] {
  const id = textOf(card.id);
  const title = textOf(card.name).trim();
  if (!id || !title) {
    skippedCards.add(id);
    return [{ kind: 'skipped', where: `card ${id || 'without an id'}`, reason: 'no title' }];
  }
  const list = board.lists.get(textOf(card.idList));
  const labelKeys = arrayOf(card.idLabels).map(textOf).filter((labelId) => board.labelIds.has(labelId));
  if (list) labelKeys.push(listLabelKey(textOf(card.idList)));
  const [firstMember, ...otherMembers] = arrayOf(card.idMembers).map((memberId) => board.members.get(textOf(memberId))).filter((name) => !!name);
  const status = card.dueComplete === true ? 'completed' : listStatus(list?.name ?? '');
  const dueDate = dueDateOf(card.due);
  const createdAt = createdAtOf(id);
  const description = textOf(card.desc).trim();
  const badges = objectOf(card.badges);
  const attachments = Array.isArray(card.attachments) ? card.attachments.length : countOf(badges.attachments);
  const votes = Array.isArray(card.idMembersVoted) ? card.idMembersVoted.length : countOf(badges.votes);
  return [
    {
      kind: 'task',
      key: id,
      projectKey: PROJECT_KEY,
      title,
      status,
      ...(description ? { description } : {}),
      ...(dueDate ? { dueDate } : {}),
      ...(firstMember ? { assignee: { name: firstMember } } : {}),
      ...(labelKeys.length > 0 ? { labelKeys } : {}),
      ...(card.closed === true || list?.closed ? { archived: true } : {}),
      ...(createdAt ? { createdAt } : {}),
    },
    ...notKept('Members of a card past the first (its assignee) are not kept', otherMembers.length),
    ...notKept('Attachments are not imported', attachments),
    ...notKept('Votes are not imported', votes),
    ...notKept('Stickers are not imported', arrayOf(card.stickers).length),
    ...notKept('Custom field values are not imported', arrayOf(card.customFieldItems).length),
    ...notKept('Start dates are not imported', textOf(card.start) ? 1 : 0),
  ];
}

/** A checklist's items as sub-tasks of its card, in the checklist's order. */
function checklistRecords(board: Board, checklist: Json, skippedCards: ReadonlySet<string>): ImportRecord[] {
  const cardId = textOf(checklist.idCard);
  const where = `checklist “${textOf(checklist.name)}”`;
  if (!board.cardIds.has(cardId)) return [{ kind: 'skipped', where, reason: 'its card is not in the file' }];
  if (skippedCards.has(cardId)) return [{ kind: 'skipped', where, reason: 'its card is skipped' }];
  const items = arrayOf(checklist.checkItems)
    .map(objectOf)
    .toSorted((a, b) => countOf(a.pos) - countOf(b.pos));
  return [
    ...notKept('Checklist names are not kept (their items become sub-tasks)', 1),
    ...items.map((item): ImportRecord => {
      const id = textOf(item.id);
      const title = textOf(item.name).trim();
      if (!id || !title) return { kind: 'skipped', where: `${where} item ${id || 'without an id'}`, reason: 'no title' };
      const dueDate = dueDateOf(item.due);
      const assignee = board.members.get(textOf(item.idMember));
      return {
        kind: 'task',
        key: id,
        projectKey: PROJECT_KEY,
        parentKey: cardId,
        title,
        status: item.state === 'complete' ? 'completed' : 'todo',
        ...(dueDate ? { dueDate } : {}),
        ...(assignee ? { assignee: { name: assignee } } : {}),
      };
    }),
  ];
}

/** A `commentCard` action as a comment on its card; other actions (the board's history) are not read. */
function actionRecords(board: Board, action: Json, skippedCards: ReadonlySet<string>): ImportRecord[] {
  if (action.type !== 'commentCard') return [];
  const data = objectOf(action.data);
  const cardId = textOf(objectOf(data.card).id);
  const text = textOf(data.text).trim();
  const id = textOf(action.id);
  if (!id || !text) return [];
  if (!board.cardIds.has(cardId) || skippedCards.has(cardId)) {
    return [{ kind: 'skipped', where: `comment ${id}`, reason: 'its card is not in the file' }];
  }
  const creator = objectOf(action.memberCreator);
  const name = textOf(creator.fullName).trim() || textOf(creator.username).trim() || board.members.get(textOf(action.idMemberCreator));
  const author: ImportPerson | undefined = name ? { name } : undefined;
  const date = textOf(action.date);
  return [{ kind: 'comment', key: id, taskKey: cardId, text, ...(author ? { author } : {}), ...(date ? { createdAt: date } : {}) }];
}

export const trelloReader =
  (options: { readonly fileName?: string } = {}): ImportReader =>
  async function* read(open: OpenText): AsyncIterable<ImportRecord> {
    const board = await readBoard(open, options.fileName);
    yield board.project;
    yield* board.labels;
    for (const [id, list] of board.lists) yield { kind: 'label', key: listLabelKey(id), name: list.name || 'List' };
    yield* notKept('Power-Up data is not imported', board.pluginData);

    const skippedCards = new Set<string>();
    for await (const entry of walk(open, ['cards'])) {
      if ('item' in entry) yield* cardRecords(board, objectOf(entry.item), skippedCards);
    }
    for await (const entry of walk(open, ['checklists', 'actions'])) {
      if (!('item' in entry)) continue;
      const item = objectOf(entry.item);
      yield* entry.key === 'checklists' ? checklistRecords(board, item, skippedCards) : actionRecords(board, item, skippedCards);
    }
  };
