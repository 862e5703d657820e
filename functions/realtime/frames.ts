import { MAX_PUSH_FRAME_BYTES, type ServerMessage, type WorkspaceChange } from '../../shared/realtime.js';

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** The change without the item's view, for an item too large to travel in a frame: the browser reads it. */
function withoutView(change: WorkspaceChange): WorkspaceChange {
  if (!('item' in change)) return change;
  const { item: _item, ...named } = change;
  return named;
}

/**
 * One stream batch's changes of a workspace as push frames: in the order given, as few frames as fit, each
 * at most MAX_PUSH_FRAME_BYTES of JSON. A change too large for a frame of its own goes without its view.
 */
export function workspaceFrames(workspaceId: string, changes: readonly WorkspaceChange[]): ServerMessage[] {
  const envelope = bytesOf({ type: 'workspace.changed', workspaceId, changes: [] });
  const frames: WorkspaceChange[][] = [];
  let current: WorkspaceChange[] = [];
  let size = envelope;
  for (const change of changes) {
    const fitted = envelope + bytesOf(change) > MAX_PUSH_FRAME_BYTES ? withoutView(change) : change;
    // A comma between changes.
    const added = bytesOf(fitted) + 1;
    if (current.length > 0 && size + added > MAX_PUSH_FRAME_BYTES) {
      frames.push(current);
      current = [];
      size = envelope;
    }
    current.push(fitted);
    size += added;
  }
  if (current.length > 0) frames.push(current);
  return frames.map((framed) => ({ type: 'workspace.changed', workspaceId, changes: framed }));
}
