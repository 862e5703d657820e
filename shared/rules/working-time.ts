import type { WorkingTime } from '../schemas/profile.js';
import { weekDayOf } from './weekly-planner.js';

/**
 * A person's working minutes on a date (issue 31: working time per member): their hours per day on their
 * working days, none on other days or within a day off.
 */
export function workingMinutesOn(time: WorkingTime, date: string): number {
  if (!time.days.includes(weekDayOf(date))) return 0;
  if (time.daysOff.some((off) => off.from <= date && date <= off.to)) return 0;
  return Math.round(time.hoursPerDay * 60);
}
