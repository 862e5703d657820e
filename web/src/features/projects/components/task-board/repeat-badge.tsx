import { repeatWords } from '@shared/rules/repeat-choices';
import type { TaskRepeat } from '@shared/schemas/project';
import { RepeatFact } from './repeat-fact';

/** How a task repeats, in words ("every week on Monday"); a rule the choices do not hold (the assistant's, the API's) as "on a custom rule". */
const wordsOf = (repeat: TaskRepeat) => repeatWords(repeat) ?? 'on a custom rule';

/** 'Repeats' with its words; loaded after the card, so the rules' words stay off the first load. */
export function RepeatBadge({ repeat }: { repeat: TaskRepeat }) {
  return <RepeatFact words={wordsOf(repeat)} />;
}

/** The words alone, capitalised, as the task view's Repeat fact shows them. */
export function RepeatText({ repeat }: { repeat: TaskRepeat }) {
  const words = wordsOf(repeat);
  return <>{`${words[0]?.toUpperCase() ?? ''}${words.slice(1)}`}</>;
}
