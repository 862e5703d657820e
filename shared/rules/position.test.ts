import { describe, expect, it } from 'vitest';
import { POSITION_STEP, positionAfterLast, positionBetween } from './position.js';

describe('positionBetween', () => {
  it('takes the midpoint between two neighbours', () => {
    expect(positionBetween(1024, 2048)).toBe(1536);
    expect(positionBetween(-1024, 0)).toBe(-512);
  });

  it('steps past the last card and before the first', () => {
    expect(positionBetween(3072, undefined)).toBe(3072 + POSITION_STEP);
    expect(positionBetween(undefined, 1024)).toBe(0);
  });

  it('gives one step in an empty column', () => {
    expect(positionBetween()).toBe(POSITION_STEP);
  });

  it('keeps a strict order over many insertions at the same place', () => {
    let after = 2048;
    for (let i = 0; i < 30; i += 1) {
      const position = positionBetween(1024, after);
      expect(position).toBeGreaterThan(1024);
      expect(position).toBeLessThan(after);
      after = position;
    }
  });
});

describe('positionAfterLast', () => {
  it('is one step in an empty column', () => {
    expect(positionAfterLast([])).toBe(POSITION_STEP);
  });

  it('is the largest position plus one step, whatever the order', () => {
    expect(positionAfterLast([2048, 5000.5, 1024])).toBe(5000.5 + POSITION_STEP);
    expect(positionAfterLast([-3000, -5000])).toBe(-3000 + POSITION_STEP);
  });
});
