import { describe, expect, it } from 'vitest';
import type { ProjectView } from '../../../../../shared/schemas/project';
import { applyPending, type PendingChange } from './pending-changes';

const project = (id: string, name: string): ProjectView => ({
  id,
  workspaceId: 'w1',
  name,
  description: '',
  color: '#3B82F6',
  deadline: null,
  priority: 'medium',
  isFavorite: false,
  archived: false,
  archivedAt: null,
  preferredDays: ['monday'],
  createdBy: 'u1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  tasks: [],
  milestones: [],
  notes: [],
});

const rename = (id: string, name: string): PendingChange['change'] => (list) => list.map((entry) => (entry.id === id ? { ...entry, name } : entry));
const remove = (id: string): PendingChange['change'] => (list) => list.filter((entry) => entry.id !== id);

describe('applyPending', () => {
  const server = [project('p1', 'One'), project('p2', 'Two')];

  it('is the server list without changes', () => {
    expect(applyPending(server, [], 'w1')).toBe(server);
  });

  it('applies the changes of the workspace in order, on any list the server sends', () => {
    const pending: PendingChange[] = [
      { workspaceId: 'w1', change: rename('p1', 'First') },
      { workspaceId: 'w1', change: rename('p1', 'Second') },
      { workspaceId: 'w2', change: remove('p2') },
    ];
    expect(applyPending(server, pending, 'w1').map((entry) => entry.name)).toEqual(['Second', 'Two']);

    const reloaded = [project('p1', 'One'), project('p2', 'Two'), project('p3', 'Three')];
    expect(applyPending(reloaded, pending, 'w1').map((entry) => entry.name)).toEqual(['Second', 'Two', 'Three']);
  });

  it('leaves the server list untouched', () => {
    applyPending(server, [{ workspaceId: 'w1', change: remove('p1') }], 'w1');
    expect(server.map((entry) => entry.id)).toEqual(['p1', 'p2']);
  });
});
