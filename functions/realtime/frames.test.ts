import { describe, expect, it } from 'vitest';
import { MAX_PUSH_FRAME_BYTES, type WorkspaceChange } from '../../shared/realtime.js';
import { aTask } from '../../shared/testing/project-views.js';
import { workspaceFrames } from './frames.js';

const taskChange = (index: number, description = ''): WorkspaceChange => ({
  entity: 'task',
  id: `t${index}`,
  projectId: 'p1',
  version: 1,
  item: aTask({ id: `t${index}`, title: `Task ${index}`, description }),
});

const changesOf = (frames: ReturnType<typeof workspaceFrames>) => frames.flatMap((frame) => (frame.type === 'workspace.changed' ? frame.changes : []));

describe('workspaceFrames', () => {
  it("puts a small batch's changes in one frame, in order", () => {
    const changes = [taskChange(1), { entity: 'member', id: 'u2' } as const, taskChange(2)];
    const frames = workspaceFrames('w1', changes);
    expect(frames).toEqual([{ type: 'workspace.changed', workspaceId: 'w1', changes }]);
  });

  it('splits a large batch into as few frames as fit, none over the limit, every change once in order', () => {
    const changes = Array.from({ length: 100 }, (_, index) => taskChange(index, 'x'.repeat(1_000)));
    const frames = workspaceFrames('w1', changes);
    expect(frames.length).toBeGreaterThan(1);
    for (const frame of frames) expect(Buffer.byteLength(JSON.stringify(frame))).toBeLessThanOrEqual(MAX_PUSH_FRAME_BYTES);
    // As few as fit: no frame could have taken the next frame's first change.
    frames.slice(1).forEach((next, index) => {
      const [first] = changesOf([next]);
      expect(Buffer.byteLength(JSON.stringify(frames[index])) + Buffer.byteLength(JSON.stringify(first)) + 1).toBeGreaterThan(MAX_PUSH_FRAME_BYTES);
    });
    expect(changesOf(frames)).toEqual(changes);
  });

  it('sends an item too large for a frame by its ids only, for the browser to read', () => {
    const note: WorkspaceChange = {
      entity: 'note',
      id: 'n1',
      projectId: 'p1',
      version: 2,
      item: { id: 'n1', projectId: 'p1', title: 'Long', content: 'y'.repeat(40_000), createdBy: 'u1', createdAt: '2026-11-23T09:00:00Z', updatedAt: '2026-11-23T09:00:00Z', version: 2 },
    };
    const frames = workspaceFrames('w1', [taskChange(1), note, taskChange(2)]);
    expect(changesOf(frames)).toEqual([taskChange(1), { entity: 'note', id: 'n1', projectId: 'p1', version: 2 }, taskChange(2)]);
    expect(frames).toHaveLength(1);
  });
});
