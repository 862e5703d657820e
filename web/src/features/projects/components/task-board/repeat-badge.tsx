import { repeatWords } from '@shared/rules/repeat-choices';
import type { TaskRepeat } from '@shared/schemas/project';
import { RepeatFact } from './repeat-fact';

/** 'Repeats' with its words; loaded after the card, so the rules' words stay off the first load. */
export function RepeatBadge({ repeat }: { repeat: TaskRepeat }) {
  return <RepeatFact words={repeatWords(repeat) ?? 'on a custom rule'} />;
}
