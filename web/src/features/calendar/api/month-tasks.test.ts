import { describe, expect, it } from 'vitest';
import { weeksOf } from './month-tasks';

describe('weeksOf', () => {
  it('cuts the weeks on screen into 7-day spans that cover the range once', () => {
    expect(weeksOf('2026-11-30', '2027-01-10')).toEqual([
      { from: '2026-11-30', to: '2026-12-06' },
      { from: '2026-12-07', to: '2026-12-13' },
      { from: '2026-12-14', to: '2026-12-20' },
      { from: '2026-12-21', to: '2026-12-27' },
      { from: '2026-12-28', to: '2027-01-03' },
      { from: '2027-01-04', to: '2027-01-10' },
    ]);
  });

  it('ends the last span at the end of the range', () => {
    expect(weeksOf('2026-02-01', '2026-02-10')).toEqual([
      { from: '2026-02-01', to: '2026-02-07' },
      { from: '2026-02-08', to: '2026-02-10' },
    ]);
    expect(weeksOf('2026-02-01', '2026-02-01')).toEqual([{ from: '2026-02-01', to: '2026-02-01' }]);
  });
});
