import type { ScheduledJob } from '../shared/routes.js';
import { invoke } from './lambda-runtime.js';

const WEEK_DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function matches(field: string, value: number, names?: string[]): boolean {
  if (field === '*' || field === '?') return true;
  return field.split(',').some((part) => (names ? names.indexOf(part.toUpperCase()) : Number(part)) === value);
}

/** The next minute (UTC) after `after` matching the job's cron fields: minute, hour, week day. */
export function nextRun(cron: ScheduledJob['cron'], after: Date): Date {
  const candidate = new Date(after);
  candidate.setUTCSeconds(0, 0);
  candidate.setUTCMinutes(candidate.getUTCMinutes() + 1);
  const limit = after.getTime() + 8 * 24 * 60 * 60 * 1000;
  while (candidate.getTime() <= limit) {
    if (
      matches(cron.minute, candidate.getUTCMinutes()) &&
      matches(cron.hour, candidate.getUTCHours()) &&
      matches(cron.weekDay, candidate.getUTCDay(), WEEK_DAYS)
    ) {
      return candidate;
    }
    candidate.setUTCMinutes(candidate.getUTCMinutes() + 1);
  }
  throw new Error(`Cron ${JSON.stringify(cron)} never fires`);
}

/** EventBridge schedules, in process: each job's handler gets a Scheduled Event at its times. */
export function startScheduler(jobs: readonly ScheduledJob[]): { stop: () => void } {
  const timers = new Set<NodeJS.Timeout>();
  const schedule = (job: ScheduledJob): void => {
    const at = nextRun(job.cron, new Date());
    // Timers cannot wait longer than ~24.8 days; these jobs fire at least weekly.
    const timer = setTimeout(() => {
      timers.delete(timer);
      void invoke(job, {
        version: '0',
        id: crypto.randomUUID(),
        'detail-type': 'Scheduled Event',
        source: 'aws.events',
        account: 'local',
        time: new Date().toISOString(),
        region: 'local',
        resources: [`local:rule/${job.name}`],
        detail: {},
      }).catch((error: unknown) => console.error(`Scheduled job ${job.name} failed`, error));
      schedule(job);
    }, at.getTime() - Date.now());
    timers.add(timer);
  };
  jobs.forEach(schedule);
  return {
    stop: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
