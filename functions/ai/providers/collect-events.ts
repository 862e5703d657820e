import type { ProviderEvent } from './types.js';

/** Every event of a provider's answer, in order (for tests and tools that need the whole answer). */
export async function collectEvents(events: AsyncIterable<ProviderEvent>): Promise<ProviderEvent[]> {
  const collected: ProviderEvent[] = [];
  for await (const event of events) collected.push(event);
  return collected;
}
