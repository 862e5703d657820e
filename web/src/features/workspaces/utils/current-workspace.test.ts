import { describe, expect, it } from 'vitest';
import { pickCurrentWorkspace } from './current-workspace';

const a = { id: 'a' };
const b = { id: 'b' };

describe('pickCurrentWorkspace', () => {
  it('restores the saved workspace', () => {
    expect(pickCurrentWorkspace([a, b], 'b')).toBe(b);
  });

  it('uses the first workspace when none is saved or the saved one is gone', () => {
    expect(pickCurrentWorkspace([a, b], null)).toBe(a);
    expect(pickCurrentWorkspace([a, b], 'removed')).toBe(a);
  });

  it('has none without workspaces', () => {
    expect(pickCurrentWorkspace([], 'a')).toBeNull();
  });
});
