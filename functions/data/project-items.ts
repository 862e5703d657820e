import type { z } from 'zod';
import {
  milestoneView,
  noteView,
  projectView,
  taskView,
  type MilestoneView,
  type NoteView,
  type ProjectView,
  type TaskView,
} from '../../shared/schemas/project.js';
import type { WriteCondition } from './table-operations.js';

/**
 * Keys and item shapes of projects and what they hold. Everything lives in the workspace's partition:
 *
 *   project    WS#<ws>  PROJECT#<project>
 *   task       WS#<ws>  PROJECT#<project>#TASK#<task>
 *   milestone  WS#<ws>  PROJECT#<project>#MILESTONE#<milestone>
 *   note       WS#<ws>  PROJECT#<project>#NOTE#<note>
 *
 * so one Query on begins_with(SK, 'PROJECT#') reads a whole workspace's projects with their children, and
 * begins_with(SK, 'PROJECT#<project>') one project with its children. A begins_with also matches projects
 * whose id merely starts with <project>, so readers keep only items whose own ids say they belong.
 */
export type Project = Omit<ProjectView, 'tasks' | 'milestones' | 'notes'>;

export interface ChildRecords {
  task: TaskView;
  milestone: MilestoneView;
  note: NoteView;
}
export type ChildKind = keyof ChildRecords;

type Key = { PK: string; SK: string };

export const PROJECT_ENTITY = 'Project';
const PROJECT_PREFIX = 'PROJECT#';

export const childKinds: {
  readonly [K in ChildKind]: {
    readonly entity: string;
    readonly segment: string;
    readonly list: 'tasks' | 'milestones' | 'notes';
    readonly schema: z.ZodType<ChildRecords[K]>;
  };
} = {
  task: { entity: 'Task', segment: 'TASK', list: 'tasks', schema: taskView },
  milestone: { entity: 'Milestone', segment: 'MILESTONE', list: 'milestones', schema: milestoneView },
  note: { entity: 'Note', segment: 'NOTE', list: 'notes', schema: noteView },
};

const projectRecord = projectView.omit({ tasks: true, milestones: true, notes: true });

export function workspacePartition(workspaceId: string): string {
  return `WS#${workspaceId}`;
}

/** The sort-key prefix of every project of a workspace, or of one project and its children. */
export function projectSortKeyPrefix(projectId?: string): string {
  return projectId === undefined ? PROJECT_PREFIX : `${PROJECT_PREFIX}${projectId}`;
}

/** The sort-key prefix of one kind of child of a project. */
export function childSortKeyPrefix(kind: ChildKind, projectId: string): string {
  return `${PROJECT_PREFIX}${projectId}#${childKinds[kind].segment}#`;
}

export function projectKey(workspaceId: string, projectId: string): Key {
  return { PK: workspacePartition(workspaceId), SK: projectSortKeyPrefix(projectId) };
}

export function childKey(kind: ChildKind, workspaceId: string, projectId: string, id: string): Key {
  return { PK: workspacePartition(workspaceId), SK: `${childSortKeyPrefix(kind, projectId)}${id}` };
}

export function projectItem(project: Project): Record<string, unknown> {
  return { ...projectKey(project.workspaceId, project.id), entity: PROJECT_ENTITY, ...project };
}

export function childItem<K extends ChildKind>(kind: K, workspaceId: string, record: ChildRecords[K]): Record<string, unknown> {
  return { ...childKey(kind, workspaceId, record.projectId, record.id), entity: childKinds[kind].entity, ...record };
}

/** The project an item belongs to (itself for a project), or undefined for an item of another kind. */
export function owningProjectId(item: Record<string, unknown>): string | undefined {
  if (item.entity === PROJECT_ENTITY) return typeof item.id === 'string' ? item.id : undefined;
  return childKindOf(item) && typeof item.projectId === 'string' ? item.projectId : undefined;
}

export function childKindOf(item: Record<string, unknown>): ChildKind | undefined {
  return (Object.keys(childKinds) as ChildKind[]).find((kind) => childKinds[kind].entity === item.entity);
}

/**
 * The condition of an update or move: the item is still of this entity (and project) at the version the
 * caller read. Checking entity and project as well as the key means an id carrying a separator cannot
 * make a write land on an item of another kind.
 */
export function isCurrent(entity: string, expectedVersion: number, projectId?: string): WriteCondition {
  return {
    ConditionExpression: `#entity = :entity AND #version = :expected${projectId === undefined ? '' : ' AND projectId = :projectId'}`,
    ExpressionAttributeNames: { '#entity': 'entity', '#version': 'version' },
    ExpressionAttributeValues: {
      ':entity': entity,
      ':expected': expectedVersion,
      ...(projectId === undefined ? {} : { ':projectId': projectId }),
    },
  };
}

/** Parses a stored item; the schemas drop the key attributes. */
export function toProject(item: Record<string, unknown>): Project {
  return projectRecord.parse(item);
}

export function toChild<K extends ChildKind>(kind: K, item: Record<string, unknown>): ChildRecords[K] {
  return childKinds[kind].schema.parse(item);
}

/** Groups a Query's items into projects with their children; children whose project is gone are dropped. */
export function assembleProjects(items: readonly Record<string, unknown>[]): ProjectView[] {
  const projects = new Map<string, ProjectView>();
  for (const item of items) {
    if (item.entity !== PROJECT_ENTITY) continue;
    const project = toProject(item);
    projects.set(project.id, { ...project, tasks: [], milestones: [], notes: [] });
  }
  for (const item of items) {
    const kind = childKindOf(item);
    const project = kind && projects.get(String(item.projectId));
    if (!kind || !project) continue;
    // The three lists are typed by kind; TypeScript cannot follow the correlation through the index.
    (project[childKinds[kind].list] as ChildRecords[ChildKind][]).push(toChild(kind, item));
  }
  return [...projects.values()];
}
