import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * The item a dialog edits, as the cache has it now (pushes keep it current). Gone from the cache while a
 * write is under way (a note the user moves to another project leaves this one before the server answers,
 * and comes back if the move fails), the dialog keeps the last copy; gone with no write under way, someone
 * else deleted it: `deletedMeanwhile`.
 */
export function useItemWhileOpen<T>(item: T | undefined): { item: T | undefined; deletedMeanwhile: boolean } {
  const [lastSeen, setLastSeen] = useState(item);
  // Adjusting state to a new prop during render (React's pattern for it), not in an effect.
  if (item !== undefined && item !== lastSeen) setLastSeen(item);
  const writing = useIsMutating() > 0;
  if (item !== undefined) return { item, deletedMeanwhile: false };
  if (writing) return { item: lastSeen, deletedMeanwhile: false };
  return { item: undefined, deletedMeanwhile: lastSeen !== undefined };
}
