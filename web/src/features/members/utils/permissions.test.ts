import { describe, expect, it } from 'vitest';
import { canDeleteWorkspace, canLeaveWorkspace, canManageMembers, memberRowMode, viewerRole } from './permissions';

describe('canManageMembers / canDeleteWorkspace', () => {
  it('lets owner and admin manage members, and only the owner delete the workspace', () => {
    expect([canManageMembers('owner'), canManageMembers('admin'), canManageMembers('member'), canManageMembers(undefined)]).toEqual([true, true, false, false]);
    expect([canDeleteWorkspace('owner'), canDeleteWorkspace('admin'), canDeleteWorkspace('member'), canDeleteWorkspace(undefined)]).toEqual([true, false, false, false]);
  });
});

describe('canLeaveWorkspace', () => {
  it('lets admins and members leave, never the owner', () => {
    expect([canLeaveWorkspace('owner'), canLeaveWorkspace('admin'), canLeaveWorkspace('member'), canLeaveWorkspace(undefined)]).toEqual([false, true, true, false]);
  });
});

describe('memberRowMode', () => {
  const owner = { userId: 'o', role: 'owner' as const };
  const admin = { userId: 'a', role: 'admin' as const };
  const member = { userId: 'm', role: 'member' as const };
  const otherAdmin = { userId: 'a2', role: 'admin' as const };

  it("marks the owner's row for everyone, the owner included", () => {
    expect(memberRowMode(owner, owner)).toBe('owner');
    expect(memberRowMode(admin, owner)).toBe('owner');
    expect(memberRowMode(member, owner)).toBe('owner');
  });

  it("marks the viewer's own row", () => {
    expect(memberRowMode(admin, admin)).toBe('self');
    expect(memberRowMode(member, member)).toBe('self');
  });

  it('gives owner and admin controls on the other rows, admins included, and members none', () => {
    expect(memberRowMode(owner, member)).toBe('manage');
    expect(memberRowMode(owner, admin)).toBe('manage');
    expect(memberRowMode(admin, member)).toBe('manage');
    expect(memberRowMode(admin, otherAdmin)).toBe('manage');
    expect(memberRowMode(member, admin)).toBe('view');
    expect(memberRowMode({ userId: 'x', role: undefined }, member)).toBe('view');
  });
});

describe('viewerRole', () => {
  it("prefers the viewer's row of the members list over the fallback", () => {
    expect(viewerRole([{ userId: 'u', role: 'admin' }], 'u', 'member')).toBe('admin');
    expect(viewerRole([{ userId: 'other', role: 'admin' }], 'u', 'member')).toBe('member');
    expect(viewerRole([], 'u', undefined)).toBeUndefined();
  });
});
