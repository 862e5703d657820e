import { describe, expect, it } from 'vitest';
import { pickCurrentWorkspace, replacementForLostWorkspace } from './current-workspace';

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

describe('replacementForLostWorkspace', () => {
  it('keeps a saved workspace the user still belongs to, and nothing saved stays unsaved', () => {
    expect(replacementForLostWorkspace([a, b], 'b')).toBeUndefined();
    expect(replacementForLostWorkspace([a, b], null)).toBeUndefined();
  });

  it('replaces a lost one with the workspace now shown, or with none when the list is empty', () => {
    expect(replacementForLostWorkspace([a, b], 'deleted')).toBe('a');
    expect(replacementForLostWorkspace([], 'deleted')).toBeNull();
  });
});
