import { describe, expect, it } from 'vitest';
import { TASK_TITLE_MAX_LENGTH } from '../schemas/project.js';
import { secondPartTitle, splitEstimate } from './task-split.js';

describe('splitting a task', () => {
  it.each([
    [300, [150, 150]],
    [75, [45, 30]],
    [30, [15, 15]],
    [null, [30, 30]],
  ] as const)('splits %s minutes into %j', (minutes, parts) => expect(splitEstimate(minutes)).toEqual(parts));

  it('does not split less than two steps of 15 minutes', () => {
    expect(splitEstimate(15)).toBeUndefined();
    expect(splitEstimate(0)).toBeUndefined();
  });

  it('names the second part after the first, within the title limit', () => {
    expect(secondPartTitle('Write report')).toBe('Write report (part 2)');
    const long = secondPartTitle('x'.repeat(TASK_TITLE_MAX_LENGTH));
    expect(long).toHaveLength(TASK_TITLE_MAX_LENGTH);
    expect(long.endsWith(' (part 2)')).toBe(true);
  });
});
