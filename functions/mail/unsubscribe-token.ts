import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { MAIL_KINDS, type MailKind } from '../../shared/schemas/unsubscribe.js';
import { optionalEnv } from '../lib/config.js';
import { localKeyFile } from '../lib/local-key-file.js';
import { secretString } from '../lib/secrets.js';

/**
 * The token of a mail's unsubscribe link (issue 37): which user and which kind of mail, signed with
 * HMAC-SHA-256 under the deployment's mail-link secret, so the link works without signing in and nobody can
 * make one for another user or kind. It carries no expiry: an unsubscribe link should work as long as the
 * mail is kept. In AWS the secret is in Secrets Manager (MAIL_LINK_SECRET_ID, its ARN); locally it is a key file in
 * the data folder (MAIL_LINK_KEY_FILE), so links in the outbox outlive a restart.
 */
const VERSION = 'v1';

let key: Promise<Buffer> | undefined;

function mailLinkKey(): Promise<Buffer> {
  if (key) return key;
  const secretName = optionalEnv('MAIL_LINK_SECRET_ID');
  const keyFile = optionalEnv('MAIL_LINK_KEY_FILE');
  if (secretName) key = secretString(secretName).then((secret) => Buffer.from(secret, 'utf8'));
  else if (keyFile) key = localKeyFile(path.resolve(keyFile));
  else return Promise.reject(new Error('Neither MAIL_LINK_SECRET_ID nor MAIL_LINK_KEY_FILE is set'));
  // A failed read is forgotten, so the next use asks again.
  key.catch(() => (key = undefined));
  return key;
}

const signature = (secret: Buffer, userId: string, kind: MailKind) =>
  createHmac('sha256', secret).update(`unsubscribe:${VERSION}:${userId}:${kind}`).digest('base64url');

export async function signUnsubscribeToken(userId: string, kind: MailKind): Promise<string> {
  return [VERSION, userId, kind, signature(await mailLinkKey(), userId, kind)].join('.');
}

/** The user and kind a token was signed for, or undefined for anything else (altered, made up, another version). */
export async function verifyUnsubscribeToken(token: string): Promise<{ userId: string; kind: MailKind } | undefined> {
  const [version, userId, kind, signed, ...rest] = token.split('.');
  if (version !== VERSION || !userId || !signed || rest.length > 0 || !isMailKind(kind)) return undefined;
  // Compared as written, not decoded: base64url decoding skips stray characters, which would let an altered token pass.
  const expected = Buffer.from(signature(await mailLinkKey(), userId, kind));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, kind } : undefined;
}

const isMailKind = (kind: string | undefined): kind is MailKind => (MAIL_KINDS as readonly (string | undefined)[]).includes(kind);

/** Tests that change the environment start over. */
export function resetMailLinkKey(): void {
  key = undefined;
}
