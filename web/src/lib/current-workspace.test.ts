import { describe, expect, it } from 'vitest';
import { workspaceIdForReads } from './current-workspace';

const workspace = { id: 'ws-current' } as const;

describe('workspaceIdForReads', () => {
  it('reads the current workspace once the list is loaded', () => {
    expect(workspaceIdForReads({ currentWorkspace: workspace, loading: false, expectedWorkspaceId: null })).toBe('ws-current');
  });

  it('reads the expected workspace while the list is still loading, so both reads run side by side', () => {
    expect(workspaceIdForReads({ currentWorkspace: null, loading: true, expectedWorkspaceId: 'ws-saved' })).toBe('ws-saved');
  });

  it('reads nothing without a workspace, or when the list failed (loading is over)', () => {
    expect(workspaceIdForReads({ currentWorkspace: null, loading: true, expectedWorkspaceId: null })).toBeNull();
    expect(workspaceIdForReads({ currentWorkspace: null, loading: false, expectedWorkspaceId: 'ws-saved' })).toBeNull();
  });
});
