import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { localKeyFile } from '../lib/local-key-file.js';

/**
 * Envelope encryption of Google refresh tokens: each token is sealed with AES-256-GCM under a fresh data
 * key, and only the data key's encrypted form is stored beside it. In AWS a KMS key encrypts the data keys
 * (GenerateDataKey / Decrypt, with the user and workspace as encryption context, so a sealed token copied to
 * another account's item does not open); locally a key file under the data folder plays KMS's part.
 * Neither the token nor the data key is ever logged.
 */
export interface SealedSecret {
  /** The data key, encrypted by KMS (or by the local key). */
  readonly encryptedKey: string;
  readonly iv: string;
  readonly tag: string;
  readonly ciphertext: string;
}

export type EncryptionContext = Readonly<Record<string, string>>;

export interface TokenCipher {
  seal(plaintext: string, context: EncryptionContext): Promise<SealedSecret>;
  open(sealed: SealedSecret, context: EncryptionContext): Promise<string>;
}

interface DataKeyProvider {
  generate(context: EncryptionContext): Promise<{ plaintext: Buffer; encrypted: Buffer }>;
  decrypt(encrypted: Buffer, context: EncryptionContext): Promise<Buffer>;
}

const ALGORITHM = 'aes-256-gcm';
/**
 * The whole 16-byte tag, pinned on both sides: without it, Node opens a sealed token whose tag was cut
 * down to as little as 4 bytes, which makes forging one a matter of 2^32 tries.
 */
const AUTH_TAG_LENGTH = 16;

/** The context bound into the ciphertext as additional authenticated data, in a stable order. */
function associatedData(context: EncryptionContext): Buffer {
  return Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => a.localeCompare(b))));
}

function sealWith(key: Buffer, plaintext: Buffer, context: EncryptionContext): { iv: Buffer; tag: Buffer; ciphertext: Buffer } {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: AUTH_TAG_LENGTH });
  cipher.setAAD(associatedData(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

function openWith(key: Buffer, parts: { iv: Buffer; tag: Buffer; ciphertext: Buffer }, context: EncryptionContext): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, parts.iv, { authTagLength: AUTH_TAG_LENGTH });
  decipher.setAAD(associatedData(context));
  decipher.setAuthTag(parts.tag);
  return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]);
}

function envelopeCipher(keys: DataKeyProvider): TokenCipher {
  return {
    async seal(plaintext, context) {
      const dataKey = await keys.generate(context);
      try {
        const { iv, tag, ciphertext } = sealWith(dataKey.plaintext, Buffer.from(plaintext, 'utf8'), context);
        return {
          encryptedKey: dataKey.encrypted.toString('base64'),
          iv: iv.toString('base64'),
          tag: tag.toString('base64'),
          ciphertext: ciphertext.toString('base64'),
        };
      } finally {
        dataKey.plaintext.fill(0);
      }
    },
    async open(sealed, context) {
      const key = await keys.decrypt(Buffer.from(sealed.encryptedKey, 'base64'), context);
      try {
        const parts = { iv: Buffer.from(sealed.iv, 'base64'), tag: Buffer.from(sealed.tag, 'base64'), ciphertext: Buffer.from(sealed.ciphertext, 'base64') };
        return openWith(key, parts, context).toString('utf8');
      } finally {
        key.fill(0);
      }
    },
  };
}

/** Data keys from KMS: the key's policy decides who may open tokens, and CloudTrail records each use. */
export function kmsTokenCipher(keyId: string, client: KMSClient = new KMSClient({})): TokenCipher {
  return envelopeCipher({
    async generate(context) {
      const { Plaintext, CiphertextBlob } = await client.send(new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: { ...context } }));
      if (!Plaintext || !CiphertextBlob) throw new Error('KMS returned no data key');
      return { plaintext: Buffer.from(Plaintext), encrypted: Buffer.from(CiphertextBlob) };
    },
    async decrypt(encrypted, context) {
      const { Plaintext } = await client.send(new DecryptCommand({ KeyId: keyId, CiphertextBlob: encrypted, EncryptionContext: { ...context } }));
      if (!Plaintext) throw new Error('KMS returned no plaintext');
      return Buffer.from(Plaintext);
    },
  });
}

/** The local stack's KMS: data keys wrapped by a master key kept in a file under the data folder. */
export function localTokenCipher(keyFile: string): TokenCipher {
  let master: Promise<Buffer> | undefined;
  const masterKey = () => (master ??= localKeyFile(keyFile));
  return envelopeCipher({
    async generate(context) {
      const plaintext = randomBytes(32);
      const { iv, tag, ciphertext } = sealWith(await masterKey(), plaintext, context);
      return { plaintext, encrypted: Buffer.concat([iv, tag, ciphertext]) };
    },
    async decrypt(encrypted, context) {
      const parts = { iv: encrypted.subarray(0, 12), tag: encrypted.subarray(12, 28), ciphertext: encrypted.subarray(28) };
      return openWith(await masterKey(), parts, context);
    },
  });
}
