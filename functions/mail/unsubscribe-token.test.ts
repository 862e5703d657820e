import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { resetMailLinkKey, signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'mail-link-'));
const useKeyFile = (name: string) => {
  process.env.MAIL_LINK_KEY_FILE = path.join(folder, name);
  resetMailLinkKey();
};

afterAll(() => {
  delete process.env.MAIL_LINK_KEY_FILE;
  resetMailLinkKey();
  rmSync(folder, { recursive: true, force: true });
});

describe('unsubscribe tokens', () => {
  beforeEach(() => useKeyFile('first.key'));

  it('verify as the user and kind they were signed for', async () => {
    const token = await signUnsubscribeToken('user-1', 'mentions');
    expect(token).toMatch(/^v1\.user-1\.mentions\.[A-Za-z0-9_-]{43}$/);
    expect(await verifyUnsubscribeToken(token)).toEqual({ userId: 'user-1', kind: 'mentions' });
    // The key is kept in its file: a token outlives a new instance (a restart of the local stack).
    resetMailLinkKey();
    expect(await verifyUnsubscribeToken(token)).toEqual({ userId: 'user-1', kind: 'mentions' });
  });

  it('refuse any change: another user, another kind, an altered or padded signature, another version or shape', async () => {
    const token = await signUnsubscribeToken('user-1', 'weeklyReview');
    const [version, userId, kind, signature = ''] = token.split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const refused = [
      [version, 'user-2', kind, signature],
      [version, userId, 'dailyDigest', signature],
      [version, userId, kind, flipped],
      [version, userId, kind, `${signature}=`],
      [version, userId, kind, `${signature}!`],
      ['v2', userId, kind, signature],
      [version, userId, 'everything', signature],
      [version, userId, kind],
      [version, userId, kind, signature, 'more'],
    ].map((parts) => parts.join('.'));
    for (const altered of [...refused, '', 'v1...']) expect(await verifyUnsubscribeToken(altered), altered).toBeUndefined();
  });

  it('do not verify under another deployment’s secret', async () => {
    const token = await signUnsubscribeToken('user-1', 'dueDates');
    useKeyFile('second.key');
    expect(await verifyUnsubscribeToken(token)).toBeUndefined();
  });
});
