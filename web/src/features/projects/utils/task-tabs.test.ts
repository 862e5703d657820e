import { describe, expect, it } from 'vitest';
import { tabQueries } from './task-tabs';

describe('tabQueries', () => {
  it('asks the task index the question of each tab', () => {
    expect(tabQueries('today', '2026-11-23')).toEqual([
      { by: 'due', from: '2026-11-23', to: '2026-11-23', limit: 100 },
      { by: 'due', to: '2026-11-22', limit: 100 },
    ]);
    expect(tabQueries('upcoming', '2026-11-30')).toEqual([{ by: 'due', from: '2026-12-01', limit: 100 }]);
    expect(tabQueries('all', '2026-11-23').map((query) => query.by === 'status' && query.status)).toEqual(['in_progress', 'todo']);
    expect(tabQueries('completed', '2026-11-23')).toEqual([{ by: 'status', status: 'completed', limit: 100 }]);
  });
});
