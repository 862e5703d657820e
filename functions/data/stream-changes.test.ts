import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { aProject, aTask } from '../../shared/testing/project-views.js';

process.env.TABLE_NAME = 'table';
const { childItem } = await import('./project-children.js');
const { projectItem } = await import('./projects.js');
const { decodeChange, decodeImages } = await import('./stream-changes.js');

/** A stream record as Lambda hands it over: the images in DynamoDB's attribute-value form. */
function record(oldItem: Record<string, unknown> | undefined, newItem: Record<string, unknown> | undefined): DynamoDBRecord {
  // aws-lambda declares its own attribute-value type; the SDK's marshalled form is the same JSON.
  const image = (item: Record<string, unknown> | undefined) => (item ? (marshall(item, { removeUndefinedValues: true }) as NonNullable<DynamoDBRecord['dynamodb']>['NewImage']) : undefined);
  return { eventID: 'e1', dynamodb: { OldImage: image(oldItem), NewImage: image(newItem) } };
}

const task = aTask({ id: 't1', projectId: 'p1', version: 2 });
const stored = childItem('task', 'w1', task);

describe('decodeChange', () => {
  it("reads both images with the entity's storage schema: the record the API answers, typed by entity", () => {
    const completed = { ...task, completed: true, status: 'completed' as const, version: 3 };
    const change = decodeChange(record(stored, { ...childItem('task', 'w1', completed), updatedBy: 'u2' }));
    expect(change).toEqual({
      entity: 'Task',
      operation: 'modify',
      key: { PK: 'PROJ#w1#p1', SK: 'TASK#t1' },
      workspaceId: 'w1',
      id: 't1',
      projectId: 'p1',
      userId: undefined,
      version: 3,
      before: task,
      after: completed,
      updatedBy: 'u2',
    });
    // Typed by entity: a task's side is a TaskView.
    if (change?.entity === 'Task') expect(change.after?.status).toBe('completed');
  });

  it('tells an insertion from a removal, and names a deletion by the ids of what was deleted', () => {
    expect(decodeImages(undefined, stored)).toMatchObject({ operation: 'insert', before: undefined, after: task, updatedBy: undefined });
    expect(decodeImages(stored, undefined)).toMatchObject({ operation: 'remove', id: 't1', version: 2, before: task, after: undefined });
  });

  it("knows a workspace item by its own id, and the entities nobody reads the content of by their ids only", () => {
    const workspace = { PK: 'WS#w1', SK: 'META', entity: 'Workspace', id: 'w1', name: 'Team', version: 4 };
    expect(decodeImages(undefined, workspace)).toEqual({
      entity: 'Workspace',
      operation: 'insert',
      key: { PK: 'WS#w1', SK: 'META' },
      workspaceId: 'w1',
      id: 'w1',
      projectId: undefined,
      userId: undefined,
      version: 4,
    });
  });

  it('keeps a corrupt item as a change known by its ids, its unreadable side undefined', () => {
    const broken = { ...stored, title: 42 };
    expect(decodeImages(stored, broken)).toMatchObject({ entity: 'Task', operation: 'modify', id: 't1', projectId: 'p1', before: task, after: undefined });
    const project = projectItem(aProject({ id: 'p1', workspaceId: 'w1' }));
    expect(decodeImages({ ...project, priority: 'urgent' }, project)).toMatchObject({ entity: 'Project', before: undefined, after: expect.objectContaining({ id: 'p1' }) });
  });

  it('is no change for items outside workspaces, entities nobody consumes, or items without their ids', () => {
    expect(decodeImages(undefined, { PK: 'USER#u1', SK: 'PROFILE', entity: 'Profile', userId: 'u1' })).toBeUndefined();
    expect(decodeImages(undefined, { PK: 'FEED#w1', SK: 'x', entity: 'Activity', workspaceId: 'w1', id: 'e1' })).toBeUndefined();
    expect(decodeImages(undefined, { PK: 'SEARCH#w1', SK: 'ship#task#t1', entity: 'SearchEntry', workspaceId: 'w1' })).toBeUndefined();
    expect(decodeImages(undefined, { ...stored, workspaceId: undefined })).toBeUndefined();
    expect(decodeImages(undefined, { ...stored, entity: 7 })).toBeUndefined();
    expect(decodeChange({ eventID: 'e2' })).toBeUndefined();
  });
});
