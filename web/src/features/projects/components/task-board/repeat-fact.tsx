import { RepeatIcon } from '@/components/ui/icons';

/** 'Repeats' on a card (issue 36); how, in `words`, on hover and for screen readers once they are known. */
export function RepeatFact({ words }: { words?: string }) {
  return (
    <span className="task-fact task-repeats" title={words ? `Repeats ${words}` : 'Repeats'}>
      <RepeatIcon />
      Repeats{words ? <span className="visually-hidden"> {words}</span> : null}
    </span>
  );
}
