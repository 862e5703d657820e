import type { FieldChange, HistoryValue, TaskHistoryPage, TaskHistoryQuery } from '../../shared/schemas/task-history.js';
import { listLabels } from '../data/labels.js';
import { getChild } from '../data/project-children.js';
import { listProjects } from '../data/projects.js';
import { taskHistoryPage, type StoredHistoryEntry } from '../data/task-history.js';
import type { Caller } from '../lib/caller.js';
import { BadRequestError, NotFoundError } from '../lib/errors.js';
import { readAsMember } from './authorize.js';
import { memberViewsOf } from './members.js';
import { notFoundMessages } from './project-writes.js';

const BAD_CURSOR = 'cursor is not one this API made for this question';
export const FORMER_MEMBER = 'A former member';
export const DELETED_LABEL = 'A deleted label';
export const DELETED_PROJECT = 'A deleted project';

/**
 * A page of a task's history (issue 37), newest first, for a member of its workspace (404 for anyone else,
 * and for a task that is not in that project): people, labels and projects named as they are called now, so
 * the browser shows a page without a request per name.
 */
export async function taskHistoryFor(caller: Caller, workspaceId: string, projectId: string, taskId: string, query: TaskHistoryQuery): Promise<TaskHistoryPage> {
  const [task, page] = await readAsMember(workspaceId, caller.userId, () =>
    Promise.all([getChild('task', workspaceId, projectId, taskId), taskHistoryPage(workspaceId, taskId, query)]),
  );
  if (!task) throw new NotFoundError(notFoundMessages.task);
  if (page === 'bad-cursor') throw new BadRequestError(`cursor: ${BAD_CURSOR}`, [{ field: 'cursor', message: BAD_CURSOR }]);
  const names = await namesFor(workspaceId, page.entries);
  return {
    entries: page.entries.map((entry) => ({
      id: String(entry.version),
      kind: entry.kind,
      actorName: names.person(entry.actorId),
      at: entry.at,
      changes: entry.changes.map((change) => named(change, names)),
    })),
    nextCursor: page.nextCursor,
  };
}

interface Names {
  readonly person: (userId: string) => string;
  readonly label: (labelId: string) => string;
  readonly project: (projectId: string) => string;
}

/** The names a page needs: the members always, labels and projects only when an entry changed them. */
async function namesFor(workspaceId: string, entries: readonly StoredHistoryEntry[]): Promise<Names> {
  const changes = (field: FieldChange['field']) => entries.some((entry) => entry.changes.some((change) => change.field === field));
  const [members, labels, projects] = await Promise.all([
    memberViewsOf(workspaceId, 'member'),
    changes('labelIds') ? listLabels(workspaceId) : [],
    changes('projectId') ? listProjects(workspaceId) : [],
  ]);
  const lookup = (map: Map<string, string>, gone: string) => (id: string) => map.get(id) ?? gone;
  return {
    person: lookup(new Map(members.map((member) => [member.userId, member.displayName])), FORMER_MEMBER),
    label: lookup(new Map(labels.map((label) => [label.id, label.name])), DELETED_LABEL),
    project: lookup(new Map(projects.map((project) => [project.id, project.name])), DELETED_PROJECT),
  };
}

/** A change with the ids it holds replaced by names. */
function named(change: FieldChange, names: Names): FieldChange {
  const rename = (name: (id: string) => string) => {
    const value = (held: HistoryValue): HistoryValue => (typeof held === 'string' ? name(held) : Array.isArray(held) ? held.map(name) : held);
    return { ...change, from: value(change.from), to: value(change.to) };
  };
  switch (change.field) {
    case 'assignedTo':
      return rename(names.person);
    case 'labelIds':
      return rename(names.label);
    case 'projectId':
      return rename(names.project);
    default:
      return change;
  }
}
