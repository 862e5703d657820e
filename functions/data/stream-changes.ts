import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import type { CommentView } from '../../shared/schemas/comment.js';
import type { LinkView } from '../../shared/schemas/link.js';
import type { MilestoneView, NoteView, ProjectSummary, TaskView } from '../../shared/schemas/project.js';
import { storedObjectKey } from './attachments.js';
import { storedComment } from './comments.js';
import type { ItemKey } from './keys.js';
import { storedLink } from './links.js';
import { storedMembership, type Membership } from './membership.js';
import { storedImportId, storedMilestone, storedMovedFrom, storedNote, storedTask, storedUpdatedBy } from './project-children.js';
import { storedProject } from './projects.js';
import { removedTrashEntry } from './trash.js';

/**
 * One record of the table's stream as a typed change of an item of a workspace, read once for its consumers
 * (the fan-out's pushes, data/item-changes.ts; the activity feed, data/activity.ts; task history,
 * data/task-history.ts; the search index, data/search-index.ts; the attachment cleanup, functions/files/attachment-cleanup.ts). The item before and after the write is read with its entity module's own
 * storage schema, the one every API read uses, so a consumer sees exactly what the API would answer.
 *
 * Items outside workspaces (profiles, connections, activity events, search entries…) and entities nobody
 * consumes are no change (undefined). An item that no longer reads with its schema (a corrupt one) is still
 * a change, known by its ids: its side reads as undefined, so the fan-out names it for the browser to read
 * and the feed and the index take nothing from it.
 */

/** How the write changed the item: made (or moved here, like a note to another project), changed, or deleted. */
export type Operation = 'insert' | 'modify' | 'remove';

interface KnownChange<E extends string> {
  readonly entity: E;
  readonly operation: Operation;
  /** The item's key (the same before and after). */
  readonly key: ItemKey;
  /** The workspace it belongs to (a workspace item's own id). */
  readonly workspaceId: string;
  /** Ids read from the item whether or not the rest of it reads: the new image's, or the deleted one's. */
  readonly id: string | undefined;
  readonly projectId: string | undefined;
  readonly userId: string | undefined;
  readonly version: number | undefined;
}

/** A change whose content its consumers read: each side as its module reads it, undefined when absent or unreadable. */
interface ReadChange<E extends string, T> extends KnownChange<E> {
  readonly before: T | undefined;
  readonly after: T | undefined;
}

interface ChildChange<E extends string, T> extends ReadChange<E, T> {
  /** Who wrote the new version, when an update recorded it (a creation's author is the record's createdBy). */
  readonly updatedBy: string | undefined;
}

interface TaskChange extends ChildChange<'Task', TaskView> {
  /** A task put in another project by a move: the project it left (data/task-history.ts). */
  readonly movedFrom: string | undefined;
  /** Written by an import (issue 39): it tells nobody. */
  readonly imported?: true;
}

/**
 * A comment on a task (issue 37): named by its ids (the browser reads the task's comments again); the comment
 * as written, for webhooks, and as it was, for the mentions an edit adds (the inbox, mail).
 */
interface CommentChange extends ReadChange<'Comment', CommentView> {
  readonly taskId: string | undefined;
  /** Written by an import (issue 39): it tells nobody. */
  readonly imported?: true;
}

/** A Trash entry or one of its parts (issue 37): its removal by a purge or by the TTL deletes its tasks' comments (data/trash.ts). */
interface TrashChange extends KnownChange<'TrashEntry' | 'TrashPart'> {
  readonly before: z.infer<typeof removedTrashEntry> | undefined;
  /** Removed by DynamoDB's TTL, not by a request. */
  readonly expired: boolean;
}

/** A file on a task, or without `taskId` on a project's comment (issue 37): named by its ids (the browser reads those files again); the key of its object, for the cleanup. */
interface AttachmentChange extends KnownChange<'Attachment'> {
  readonly taskId: string | undefined;
  /** Where its bytes are in the attachments bucket (read from whichever image there is). */
  readonly objectKey: string | undefined;
}

export type StreamChange =
  | ReadChange<'Project', ProjectSummary>
  | TaskChange
  | ChildChange<'Milestone', MilestoneView>
  | ChildChange<'Note', NoteView>
  | ReadChange<'Link', LinkView>
  | ReadChange<'Membership', Membership>
  | CommentChange
  | TrashChange
  | AttachmentChange
  // Named by their ids only: no consumer reads more of them.
  | KnownChange<'Workspace' | 'Invitation' | 'Label' | 'WeeklyPlan' | 'Conversation'>;

/** What every stored item carries by which it is known, read even when the rest of it no longer reads. */
const itemIds = z.object({
  PK: z.string(),
  SK: z.string(),
  entity: z.string(),
  workspaceId: z.optional(z.string()),
  id: z.optional(z.string()),
  // Null on a conversation not scoped to a project.
  projectId: z.optional(z.nullable(z.string())),
  userId: z.optional(z.string()),
  version: z.optional(z.number()),
  taskId: z.optional(z.string()),
});

type Image = Record<string, unknown> | undefined;

const readWith = <T>(schema: z.ZodMiniType<T>, image: Image): T | undefined => (image ? schema.safeParse(image).data : undefined);

const streamIdentity = z.object({ type: z.string(), principalId: z.string() });

/** A stream record as a change (see above). */
export function decodeChange(record: DynamoDBRecord): StreamChange | undefined {
  // The Lambda event's attribute value type is the SDK's under another declaration.
  const toItem = (image: Record<string, unknown> | undefined) => (image ? unmarshall(image as Record<string, AttributeValue>) : undefined);
  // The TTL's deletions are the service's own (AWS documents this identity for them).
  const identity = streamIdentity.safeParse(record.userIdentity).data;
  const expired = identity?.type === 'Service' && identity.principalId === 'dynamodb.amazonaws.com';
  return decodeImages(toItem(record.dynamodb?.OldImage), toItem(record.dynamodb?.NewImage), expired);
}

/** The change between two images of one item (undefined before a creation, after a deletion). */
export function decodeImages(oldImage: Image, newImage: Image, expired = false): StreamChange | undefined {
  const ids = itemIds.safeParse(newImage ?? oldImage);
  if (!ids.success) return undefined;
  const { PK, SK, entity, id, projectId, userId, version } = ids.data;
  // The workspace item is the only one that names its workspace by its own id.
  const workspaceId = entity === 'Workspace' ? id : ids.data.workspaceId;
  if (!workspaceId) return undefined;
  const known = {
    operation: !oldImage ? 'insert' : !newImage ? 'remove' : 'modify',
    key: { PK, SK },
    workspaceId,
    id,
    projectId: projectId ?? undefined,
    userId,
    version,
  } as const;
  const sides = <T>(schema: z.ZodMiniType<T>) => ({ before: readWith(schema, oldImage), after: readWith(schema, newImage) });
  const updatedBy = readWith(storedUpdatedBy, newImage)?.updatedBy;
  const imported = readWith(storedImportId, newImage)?.importId === undefined ? {} : { imported: true as const };
  switch (entity) {
    case 'Project':
      return { entity, ...known, ...sides(storedProject) };
    case 'Task':
      return { entity, ...known, ...sides(storedTask), updatedBy, movedFrom: readWith(storedMovedFrom, newImage)?.movedFrom, ...imported };
    case 'Milestone':
      return { entity, ...known, ...sides(storedMilestone), updatedBy };
    case 'Note':
      return { entity, ...known, ...sides(storedNote), updatedBy };
    case 'Link':
      return { entity, ...known, ...sides(storedLink) };
    case 'Membership':
      return { entity, ...known, ...sides(storedMembership) };
    case 'Comment':
      return { entity, ...known, taskId: ids.data.taskId, ...sides(storedComment), ...imported };
    case 'TrashEntry':
    case 'TrashPart':
      return { entity, ...known, before: readWith(removedTrashEntry, oldImage), expired };
    case 'Attachment':
      return { entity, ...known, taskId: ids.data.taskId, objectKey: readWith(storedObjectKey, newImage ?? oldImage)?.objectKey };
    case 'Workspace':
    case 'Invitation':
    case 'Label':
    case 'WeeklyPlan':
    case 'Conversation':
      return { entity, ...known };
    default:
      return undefined;
  }
}
