import Papa from 'papaparse';

/**
 * Large import files made on the fly (issue 39), never committed: a Trello board of thousands of cards and a
 * CSV of up to ~50 MB. The readers' streaming tests read them straight from these generators; the script
 * tests/fixtures/imports/generate.ts writes them to files.
 */

/** How far a generator has got: the test checks a reader never runs far ahead of what it has yielded. */
export interface Produced {
  rows: number;
  done: boolean;
}

const STATUSES = ['To do', 'In progress', 'Done', 'yes', 'blocked'];
const PRIORITIES = ['high', 'medium', 'low', 'urgent', ''];

/** A CSV of `rows` tasks (Title, Notes, Status, Priority, Due, Owner, Tags), `padding` characters of notes each, in chunks of 100 rows. */
export async function* largeCsv(rows: number, produced: Produced = { rows: 0, done: false }, padding = 0): AsyncGenerator<string> {
  yield 'Title,Notes,Status,Priority,Due,Owner,Tags\r\n';
  const filler = 'lorem ipsum '.repeat(Math.ceil(padding / 12)).slice(0, padding);
  for (let start = 0; start < rows; start += 100) {
    const chunk: string[][] = [];
    for (let index = start; index < Math.min(rows, start + 100); index += 1) {
      chunk.push([
        `Task ${index + 1} 🚀`,
        `Notes of task ${index + 1}, with a comma\nand a second line. ${filler}`,
        STATUSES[index % STATUSES.length] ?? '',
        PRIORITIES[index % PRIORITIES.length] ?? '',
        `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
        index % 3 === 0 ? `person${index % 50}@example.com` : `Person ${index % 50}`,
        `tag${index % 20}, bulk`,
      ]);
    }
    produced.rows += chunk.length;
    yield `${Papa.unparse(chunk, { newline: '\r\n' })}\r\n`;
  }
  produced.done = true;
}

const hexId = (kind: number, index: number) => `65a0f0e0${kind.toString(16).padStart(4, '0')}${index.toString(16).padStart(12, '0')}`;

/** A Trello board export of `cards` cards on 5 lists; every 5th card has a checklist of 3 items, every 10th a comment. */
export async function* largeTrelloBoard(cards: number, produced: Produced = { rows: 0, done: false }): AsyncGenerator<string> {
  const lists = ['Backlog', 'To Do', 'Doing', 'Review', 'Done'];
  yield `{"id":"${hexId(1, 0)}","name":"Large board","desc":"Generated","closed":false,"prefs":{"background":"blue"},"actions":[`;
  for (let index = 0; index < cards; index += 10) {
    const comment = { id: hexId(9, index), type: 'commentCard', date: '2024-01-12T10:15:00.000Z', data: { text: `Comment on card ${index + 1}`, card: { id: hexId(2, index) } }, memberCreator: { fullName: `Member ${index % 10}`, username: `member${index % 10}` } };
    yield `${index === 0 ? '' : ','}${JSON.stringify(comment)}`;
  }
  yield '],"cards":[';
  for (let index = 0; index < cards; index += 1) {
    const card = {
      id: hexId(2, index),
      name: `Card ${index + 1} ✨`,
      desc: `Description of card ${index + 1}, "quoted" and\nmultiline.`,
      closed: index % 50 === 0,
      idList: hexId(3, index % lists.length),
      idLabels: [hexId(4, index % 6)],
      idMembers: [hexId(5, index % 10)],
      due: index % 4 === 0 ? '2026-03-01T12:00:00.000Z' : null,
      dueComplete: false,
      pos: index * 16384,
      badges: { votes: 0, attachments: index % 7 === 0 ? 1 : 0 },
      idChecklists: index % 5 === 0 ? [hexId(6, index)] : [],
    };
    produced.rows += 1;
    yield `${index === 0 ? '' : ','}${JSON.stringify(card)}`;
  }
  yield `],"labels":${JSON.stringify(Array.from({ length: 6 }, (_, index) => ({ id: hexId(4, index), name: `Label ${index}`, color: 'green' })))}`;
  yield `,"lists":${JSON.stringify(lists.map((name, index) => ({ id: hexId(3, index), name, closed: false, pos: index })))}`;
  yield `,"members":${JSON.stringify(Array.from({ length: 10 }, (_, index) => ({ id: hexId(5, index), fullName: `Member ${index}`, username: `member${index}` })))}`;
  yield ',"checklists":[';
  for (let index = 0; index < cards; index += 5) {
    const checkItems = [0, 1, 2].map((item) => ({ id: hexId(7, index * 3 + item), name: `Step ${item + 1}`, state: item === 0 ? 'complete' : 'incomplete', pos: item }));
    yield `${index === 0 ? '' : ','}${JSON.stringify({ id: hexId(6, index), name: 'Steps', idCard: hexId(2, index), checkItems })}`;
  }
  yield '],"customFields":[],"pluginData":[]}';
  produced.done = true;
}
