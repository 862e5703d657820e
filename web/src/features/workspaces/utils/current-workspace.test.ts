import { describe, expect, it } from 'vitest';
import { needsWorkspaceChoice, pickCurrentWorkspace, replacementForLostWorkspace } from './current-workspace';

const notice = { addedByName: 'Olivia', addedAt: '2026-05-01T10:00:00.000Z' };
const own = { id: 'own', role: 'owner' };
const joined = { id: 'joined', role: 'member' };
const addedUnseen = { id: 'added', role: 'admin', notice };
const alsoAddedUnseen = { id: 'added-too', role: 'member', notice };

describe('pickCurrentWorkspace', () => {
  it('restores the saved workspace, even one they were added to (they chose it)', () => {
    expect(pickCurrentWorkspace([own, joined], 'joined')).toBe(joined);
    expect(pickCurrentWorkspace([own, addedUnseen], 'added')).toBe(addedUnseen);
  });

  it('never opens an unseen addition while they have one of their own, whatever the order', () => {
    expect(pickCurrentWorkspace([addedUnseen, own], null)).toBe(own);
    expect(pickCurrentWorkspace([addedUnseen, own], 'removed')).toBe(own);
  });

  it('prefers their own over one they joined earlier, and takes a seen one when they own none', () => {
    expect(pickCurrentWorkspace([joined, own], null)).toBe(own);
    expect(pickCurrentWorkspace([addedUnseen, joined], null)).toBe(joined);
  });

  it('opens nothing when every workspace is an unseen addition, or there is none', () => {
    expect(pickCurrentWorkspace([addedUnseen, alsoAddedUnseen], null)).toBeNull();
    expect(pickCurrentWorkspace([], 'own')).toBeNull();
  });
});

describe('needsWorkspaceChoice', () => {
  it('asks a new user whose only workspaces came from others which to open, until they choose', () => {
    expect(needsWorkspaceChoice([addedUnseen, alsoAddedUnseen], null)).toBe(true);
    expect(needsWorkspaceChoice([addedUnseen, alsoAddedUnseen], 'added-too')).toBe(false);
    expect(needsWorkspaceChoice([addedUnseen, own], null)).toBe(false);
    expect(needsWorkspaceChoice([], null)).toBe(false);
  });
});

describe('replacementForLostWorkspace', () => {
  it('keeps a saved workspace the user still belongs to, and nothing saved stays unsaved', () => {
    expect(replacementForLostWorkspace([own, joined], 'joined')).toBeUndefined();
    expect(replacementForLostWorkspace([own, joined], null)).toBeUndefined();
  });

  it('replaces a lost one with the workspace now shown, or with none (then the user is asked)', () => {
    expect(replacementForLostWorkspace([addedUnseen, own], 'deleted')).toBe('own');
    expect(replacementForLostWorkspace([addedUnseen], 'left')).toBeNull();
    expect(replacementForLostWorkspace([], 'deleted')).toBeNull();
  });
});
