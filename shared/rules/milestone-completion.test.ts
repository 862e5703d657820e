import { describe, expect, it } from 'vitest';
import { milestoneCompletion } from './milestone-completion.js';

const NOW = '2026-11-29T10:00:00.000Z';
const EARLIER = '2026-11-20T10:00:00.000Z';

describe('a milestone’s completed toggle', () => {
  it('stamps the time it is completed, keeps it while it stays completed, clears it when reopened', () => {
    expect(milestoneCompletion({ completed: false, completedAt: null }, true, NOW)).toEqual({ completed: true, completedAt: NOW });
    expect(milestoneCompletion({ completed: true, completedAt: EARLIER }, true, NOW)).toEqual({ completed: true, completedAt: EARLIER });
    expect(milestoneCompletion({ completed: true, completedAt: EARLIER }, false, NOW)).toEqual({ completed: false, completedAt: null });
    expect(milestoneCompletion({ completed: true, completedAt: EARLIER }, undefined, NOW)).toEqual({});
  });

  it('gives an undo of a reopening the time it had', () => {
    expect(milestoneCompletion({ completed: false, completedAt: null }, true, NOW, EARLIER)).toEqual({ completed: true, completedAt: EARLIER });
  });
});
