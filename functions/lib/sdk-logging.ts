/**
 * Takes the SDK's logger middleware off a client. It filters every request and answer for sensitive fields
 * before handing them to the client's logger, even when that logger (the default) drops everything: for a
 * 50-item Query that walk is about a third of the SDK's own time (bench/README.md). This code logs through
 * Powertools, never through the SDK, so nothing is lost.
 */
export function withoutSdkLogging<Client extends { middlewareStack: { remove: (name: string) => boolean } }>(client: Client): Client {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
