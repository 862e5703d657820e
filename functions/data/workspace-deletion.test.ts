import { describe, expect, it } from 'vitest';

// The module's table client reads its name at load; this pure function never touches it.
process.env.TABLE_NAME = 'table';
const { deletionPhases } = await import('./workspace-deletion.js');

describe('deletionPhases', () => {
  it("shuts the other members out first and keeps the owner's membership for last, so the owner can repeat a cut-off deletion", () => {
    const items = [
      { PK: 'WS#w', SK: 'MEMBER#owner', role: 'owner' },
      { PK: 'WS#w', SK: 'PROJECT#p' },
      { PK: 'WS#w', SK: 'MEMBER#admin', role: 'admin' },
      { PK: 'WS#w', SK: 'INVITE#x@example.com', role: 'member' },
      { PK: 'WS#w', SK: 'MEMBER#member', role: 'member' },
    ];
    const phases = deletionPhases(items);
    expect(phases.otherMembers.map((key) => key.SK)).toEqual(['MEMBER#admin', 'MEMBER#member']);
    expect(phases.rest.map((key) => key.SK)).toEqual(['PROJECT#p', 'INVITE#x@example.com']);
    expect(phases.owner).toEqual([{ PK: 'WS#w', SK: 'MEMBER#owner' }]);
  });
});
