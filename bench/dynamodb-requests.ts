/**
 * Counts the DynamoDB requests of the in-process handlers (and stream consumers) by command, with a
 * middleware on the data layer's document client: `clear()` before a call, `text()` after it.
 */
export async function countDynamoDbRequests(): Promise<{ clear: () => void; text: () => string; total: () => number }> {
  const counts = new Map<string, number>();
  const { documentClient } = await import('../functions/data/client.js');
  documentClient.middlewareStack.add((next, context) => async (args) => {
    counts.set(context.commandName ?? 'unknown', (counts.get(context.commandName ?? 'unknown') ?? 0) + 1);
    return next(args);
  });
  return {
    clear: () => counts.clear(),
    total: () => [...counts.values()].reduce((sum, count) => sum + count, 0),
    text: () => {
      const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
      return `${total} (${[...counts].map(([command, count]) => `${count} ${command.replace(/Command$/, '')}`).join(' + ')})`;
    },
  };
}
