import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * Secrets Manager secrets, read on first use and kept for the life of the execution environment: one
 * GetSecretValue per cold start rather than per request, and the value never sits in the function's
 * environment (where the console, `GetFunctionConfiguration` and the template would show it). A failed
 * read is forgotten, so the next use asks again instead of failing until the instance is replaced; within
 * one read the SDK retries throttles and network errors itself.
 */
const reads = new Map<string, Promise<string>>();

let client: SecretsManagerClient | undefined;

/** The secret's string as stored. A binary secret is refused: nothing here stores one. */
export function secretString(secretName: string): Promise<string> {
  let read = reads.get(secretName);
  if (!read) {
    client ??= new SecretsManagerClient({});
    read = client
      .send(new GetSecretValueCommand({ SecretId: secretName }))
      .then(({ SecretString }) => {
        if (!SecretString) throw new Error(`Secret ${secretName} holds no string`);
        return SecretString;
      })
      .catch((error: unknown) => {
        reads.delete(secretName);
        throw error;
      });
    reads.set(secretName, read);
  }
  return read;
}
