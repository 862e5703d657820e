import { casual } from 'chrono-node/en';
import { TIME_ESTIMATE_STEP_MINUTES } from '../schemas/project.js';

/**
 * Dates and durations in everyday English ('next Friday', 'fri', 'in 3 days', 'Dec 5'; '90 min', '1.5h'),
 * for the assistant's offline grammar and the quick add line. English only (chrono's English parser): the
 * whole library would bring every language's.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The first date in the text, as YYYY-MM-DD, and where it was. Dates are taken forward from `today`. */
export function findDate(text: string, today: string): { date: string; index: number; length: number } | undefined {
  const [result] = casual.parse(text, new Date(`${today}T12:00:00Z`), { forwardDate: true });
  if (!result) return undefined;
  const { start } = result;
  const date = `${start.get('year')}-${pad(start.get('month') ?? 1)}-${pad(start.get('day') ?? 1)}`;
  return { date, index: result.index, length: result.text.length };
}

/** Minutes from a number and a unit ('90', 'min'; '1.5', 'h'), rounded to the 15-minute step, at least one step. */
export function minutesOf(value: number, unit: string): number {
  const minutes = unit.toLowerCase().startsWith('h') ? value * 60 : value;
  return Math.max(TIME_ESTIMATE_STEP_MINUTES, Math.round(minutes / TIME_ESTIMATE_STEP_MINUTES) * TIME_ESTIMATE_STEP_MINUTES);
}

/** Minutes from '90 min', '1.5h', '2 hours', '45m'; rounded to the 15-minute step. */
export function findEstimate(text: string): { minutes: number; match: string } | undefined {
  const found = /\b(\d+(?:\.\d+)?)\s*(h|hrs?|hours?|m|mins?|minutes?)\b/i.exec(text);
  if (!found?.[1] || !found[2]) return undefined;
  return { minutes: minutesOf(Number(found[1]), found[2]), match: found[0] };
}
