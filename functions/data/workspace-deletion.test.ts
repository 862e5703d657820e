import { describe, expect, it } from 'vitest';

// The module's table client reads its name at load; this pure function never touches it.
process.env.TABLE_NAME = 'table';
const { deletionOrder } = await import('./workspace-deletion.js');

describe('deletionOrder', () => {
  it("shuts the other members out first and keeps the owner's membership for last, so the owner can repeat a cut-off deletion", () => {
    const items = [
      { PK: 'WS#w', SK: 'MEMBER#owner', role: 'owner' },
      { PK: 'WS#w', SK: 'PROJECT#p' },
      { PK: 'WS#w', SK: 'MEMBER#admin', role: 'admin' },
      { PK: 'WS#w', SK: 'INVITE#x@example.com', role: 'member' },
      { PK: 'WS#w', SK: 'MEMBER#member', role: 'member' },
    ];
    expect(deletionOrder(items).map((key) => key.SK)).toEqual([
      'MEMBER#admin',
      'MEMBER#member',
      'PROJECT#p',
      'INVITE#x@example.com',
      'MEMBER#owner',
    ]);
    expect(deletionOrder(items)[0]).toEqual({ PK: 'WS#w', SK: 'MEMBER#admin' });
  });
});
