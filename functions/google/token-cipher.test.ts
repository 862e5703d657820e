import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { kmsTokenCipher, localTokenCipher } from './token-cipher.js';

const context = { userId: 'u1', workspaceId: 'w1', accountId: 'a1' };
const TOKEN = '1//refresh-token-that-must-never-be-stored-in-clear';

describe('localTokenCipher', () => {
  const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'cipher-')), 'nested', 'google-token.key');

  it('seals a token so that neither it nor the data key is readable, and opens it again', async () => {
    const cipher = localTokenCipher(keyFile);
    const sealed = await cipher.seal(TOKEN, context);
    expect(JSON.stringify(sealed)).not.toContain('refresh-token');
    expect(await cipher.open(sealed, context)).toBe(TOKEN);
    // Each seal uses a fresh data key and IV.
    expect((await cipher.seal(TOKEN, context)).ciphertext).not.toBe(sealed.ciphertext);
    // The key file is created once, readable by its owner only, and a second cipher uses the same key.
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(keyFile, 'utf8'), 'base64')).toHaveLength(32);
    expect(await localTokenCipher(keyFile).open(sealed, context)).toBe(TOKEN);
  });

  it('refuses a token sealed for another user, workspace or account, and a tampered one', async () => {
    const cipher = localTokenCipher(keyFile);
    const sealed = await cipher.seal(TOKEN, context);
    await expect(cipher.open(sealed, { ...context, userId: 'u2' })).rejects.toThrow();
    await expect(cipher.open(sealed, { ...context, accountId: 'a2' })).rejects.toThrow();
    const flipped = Buffer.from(sealed.ciphertext, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    await expect(cipher.open({ ...sealed, ciphertext: flipped.toString('base64') }, context)).rejects.toThrow();
    // A tag cut short (easier to forge) is refused, not checked on its first bytes only.
    await expect(cipher.open({ ...sealed, tag: Buffer.from(sealed.tag, 'base64').subarray(0, 4).toString('base64') }, context)).rejects.toThrow();
    expect(Buffer.from(sealed.tag, 'base64')).toHaveLength(16);
  });
});

describe('kmsTokenCipher', () => {
  it('asks KMS for a data key bound to the context and sends only its encrypted form back to open', async () => {
    const kms = mockClient(KMSClient);
    const dataKey = Buffer.alloc(32, 7);
    const wrapped = Buffer.from('wrapped-by-kms');
    kms.on(GenerateDataKeyCommand).resolves({ Plaintext: new Uint8Array(dataKey), CiphertextBlob: new Uint8Array(wrapped) });
    kms.on(DecryptCommand).resolves({ Plaintext: new Uint8Array(dataKey) });
    const cipher = kmsTokenCipher('arn:aws:kms:eu-west-1:123456789012:key/abc', new KMSClient({ region: 'eu-west-1' }));

    const sealed = await cipher.seal(TOKEN, context);
    expect(Buffer.from(sealed.encryptedKey, 'base64').toString()).toBe('wrapped-by-kms');
    expect(kms.commandCalls(GenerateDataKeyCommand)[0]?.args[0].input).toMatchObject({ KeySpec: 'AES_256', EncryptionContext: context });
    expect(await cipher.open(sealed, context)).toBe(TOKEN);
    const decrypt = kms.commandCalls(DecryptCommand)[0]?.args[0].input;
    expect(Buffer.from(decrypt?.CiphertextBlob ?? []).toString()).toBe('wrapped-by-kms');
    expect(decrypt?.EncryptionContext).toEqual(context);
    kms.restore();
  });

  it('reports a KMS failure instead of storing anything', async () => {
    const kms = mockClient(KMSClient);
    kms.on(GenerateDataKeyCommand).rejects(new Error('AccessDeniedException'));
    await expect(kmsTokenCipher('key', new KMSClient({ region: 'eu-west-1' })).seal(TOKEN, context)).rejects.toThrow('AccessDeniedException');
    kms.restore();
  });
});
