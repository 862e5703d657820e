import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** How long the count waits for typing to pause before it is said. */
const SETTLE_MS = 600;

/**
 * Says to screen readers how many items a search or filter leaves ('3 tasks match'), once the typing
 * pauses; silent while nothing filters, so pushes and loads are not read out. The region is always there,
 * as a live region must be before what it announces.
 */
export function MatchCount({ count, noun, filtering }: { count: number; noun: string; filtering: boolean }) {
  const said = useDebouncedValue(filtering ? `${count} ${noun}${count === 1 ? '' : 's'} ${count === 1 ? 'matches' : 'match'}` : '', SETTLE_MS);
  return (
    <p className="visually-hidden" role="status">
      {said}
    </p>
  );
}
