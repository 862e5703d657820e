import { describe, expect, it } from 'vitest';
import { mobilePathFor } from './mobile-layout-offer';

describe('the phone layout of a desktop address', () => {
  it.each([
    ['/dashboard', '/mobile'],
    ['/projects', '/mobile/projects'],
    ['/projects/p-1', '/mobile/projects/p-1'],
    ['/projects/p-1/tasks/t-1', '/mobile/projects/p-1'],
    ['/tasks', '/mobile/tasks'],
    ['/notes', '/mobile/notes'],
    ['/links', '/mobile/links'],
    ['/projects/new', undefined],
    ['/settings', '/mobile/settings'],
    ['/workspaces/settings', '/mobile/workspace-settings'],
    ['/calendar', undefined],
  ])('%s → %s', (desktop, phone) => expect(mobilePathFor(desktop)).toBe(phone));
});
