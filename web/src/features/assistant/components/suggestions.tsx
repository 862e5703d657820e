import { useState } from 'react';

/** Questions the built-in assistant answers, so a first try always works (spec pages §2: 4 of 8 at random). */
export const SUGGESTED_QUESTIONS = [
  'What is overdue?',
  "What's due today?",
  'What is due this week?',
  'What is assigned to me?',
  'List projects',
  'Plan my week',
  'Show my tasks',
  'What can you do?',
] as const;

export const SUGGESTIONS_SHOWN = 4;
/** A chosen suggestion is sent this long after the click, so the press shows before the reply starts. */
export const SUGGESTION_SEND_DELAY_MS = 100;

/** `count` distinct questions in random order. */
export function pickSuggestions(count: number, random: () => number = Math.random): string[] {
  const pool: string[] = [...SUGGESTED_QUESTIONS];
  for (let index = pool.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [pool[index], pool[other]] = [pool[other] as string, pool[index] as string];
  }
  return pool.slice(0, count);
}

export function Suggestions({ onPick, disabled }: { onPick: (question: string) => void; disabled: boolean }) {
  const [questions] = useState(() => pickSuggestions(SUGGESTIONS_SHOWN));
  return (
    <div className="chat-suggestions" role="group" aria-label="Suggested questions">
      {questions.map((question) => (
        <button
          key={question}
          type="button"
          className="chat-suggestion"
          disabled={disabled}
          onClick={() => setTimeout(() => onPick(question), SUGGESTION_SEND_DELAY_MS)}
        >
          {question}
        </button>
      ))}
    </div>
  );
}
