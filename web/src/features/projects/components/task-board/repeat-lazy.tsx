import { lazy, Suspense } from 'react';
import type { TaskRepeat } from '@shared/schemas/project';
import { RepeatFact } from './repeat-fact';

// The words come with the rules' module, loaded after the card or the task view that shows them, so they stay off the first load.
const RepeatBadge = lazy(async () => ({ default: (await import('./repeat-badge')).RepeatBadge }));
const RepeatText = lazy(async () => ({ default: (await import('./repeat-badge')).RepeatText }));

/** A card's 'Repeats', with its words once they are loaded. */
export function LazyRepeatBadge({ repeat }: { repeat: TaskRepeat }) {
  return (
    <Suspense fallback={<RepeatFact />}>
      <RepeatBadge repeat={repeat} />
    </Suspense>
  );
}

/** How the task repeats, in words ('Repeats' until they are loaded). */
export function LazyRepeatText({ repeat }: { repeat: TaskRepeat }) {
  return (
    <Suspense fallback="Repeats">
      <RepeatText repeat={repeat} />
    </Suspense>
  );
}
