import { describe, expect, it } from 'vitest';
import { readNotice, withNotice } from './route-notice';

describe('route notice', () => {
  it('round-trips through the location state', () => {
    expect(readNotice(withNotice('Please select a workspace before creating a project'))).toBe(
      'Please select a workspace before creating a project',
    );
  });

  it.each([null, undefined, 'text', {}, { notice: 3 }, { notice: '' }, { idx: 1 }])('reads nothing from %j', (state) => {
    expect(readNotice(state)).toBeNull();
  });
});
