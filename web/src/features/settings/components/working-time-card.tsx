import { useState, type FormEvent } from 'react';
import { weekDayNames, weekDays, type WeekDay } from '@shared/schemas/project';
import { MAX_DAYS_OFF, type ProfileView, type WorkingTime } from '@shared/schemas/profile';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { CheckboxField } from '@/components/ui/form-fields';
import { useTransientFlag } from '@/hooks/use-transient-flag';
import { useSaveProfile } from '../api/profile';
import { writeError } from '@/lib/write-error';
import { SAVE_FAILED } from '../api/settings';

export const WORKING_TIME_SAVED = 'Working time saved. The next weekly plan keeps to it.';
const HOURS_OUT_OF_RANGE = 'Hours per day must be between 0 and 24, in quarter hours (such as 7.5)';
const DAY_OFF_BACKWARDS = 'A day off cannot end before it starts';
const DAY_OFF_INCOMPLETE = 'Give the day off a start and an end';


interface DayOffRow {
  /** Stable across removals, for React's keys. */
  readonly key: number;
  readonly from: string;
  readonly to: string;
}

/** What is wrong with the form as filled, per field name as the server names them ('workingTime.daysOff.0.to'). */
function problemsOf(hours: string, daysOff: readonly DayOffRow[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const value = Number(hours);
  if (hours.trim() === '' || !Number.isInteger(value * 4) || value < 0 || value > 24) problems['workingTime.hoursPerDay'] = HOURS_OUT_OF_RANGE;
  daysOff.forEach((off, index) => {
    if (!off.from || !off.to) problems[`workingTime.daysOff.${index}.to`] = DAY_OFF_INCOMPLETE;
    else if (off.to < off.from) problems[`workingTime.daysOff.${index}.to`] = DAY_OFF_BACKWARDS;
  });
  return problems;
}

/**
 * Working Time (issue 31): the days and hours the weekly plan may use for the user's work and the team's,
 * and their days off. Saved with the profile; every workspace's plan keeps to it.
 */
export function WorkingTimeCard({ profile }: { profile: ProfileView }) {
  const save = useSaveProfile();
  const saved = useTransientFlag();
  const [days, setDays] = useState<readonly WeekDay[]>(profile.workingTime.days);
  const [hours, setHours] = useState(String(profile.workingTime.hoursPerDay));
  const [nextKey, setNextKey] = useState(profile.workingTime.daysOff.length);
  const [daysOff, setDaysOff] = useState<readonly DayOffRow[]>(profile.workingTime.daysOff.map((off, key) => ({ key, ...off })));
  const [checked, setChecked] = useState(false);

  const serverFields = save.error ? writeError(save.error, SAVE_FAILED).fields : {};
  const problems = checked ? problemsOf(hours, daysOff) : {};
  const errorFor = (field: string) => problems[field] ?? serverFields[field];

  const toggleDay = (day: WeekDay, on: boolean) => setDays((current) => weekDays.filter((candidate) => (candidate === day ? on : current.includes(candidate))));
  const editDayOff = (key: number, change: Partial<DayOffRow>) => setDaysOff((current) => current.map((off) => (off.key === key ? { ...off, ...change } : off)));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    saved.clear();
    if (Object.keys(problemsOf(hours, daysOff)).length > 0) return;
    const workingTime: WorkingTime = { days: [...days], hoursPerDay: Number(hours), daysOff: daysOff.map(({ from, to }) => ({ from, to })) };
    save.mutate({ workingTime }, { onSuccess: saved.raise });
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-label="Working Time">
      <Card title="Working Time">
        {saved.on ? <Notice>{WORKING_TIME_SAVED}</Notice> : null}
        {save.isError ? <Alert>{writeError(save.error, SAVE_FAILED).message}</Alert> : null}
        <p className="muted">The weekly plan puts your work, and your share of the team&apos;s, only in this time.</p>
        <fieldset className="working-days">
          <legend>Working days</legend>
          {weekDays.map((day) => (
            <CheckboxField key={day} label={weekDayNames[day]} checked={days.includes(day)} onChange={(on) => toggleDay(day, on)} />
          ))}
        </fieldset>
        <Field
          label="Hours per day"
          name="hoursPerDay"
          type="number"
          inputMode="decimal"
          min={0}
          max={24}
          step={0.25}
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          error={errorFor('workingTime.hoursPerDay')}
        />
        <fieldset className="days-off">
          <legend>Days off</legend>
          {daysOff.length === 0 ? <p className="muted">No days off.</p> : null}
          {daysOff.map((off, index) => (
            <fieldset key={off.key} className="day-off">
              <legend>Day off {index + 1}</legend>
              <Field label="From" name={`dayOff-${off.key}-from`} type="date" value={off.from} onChange={(event) => editDayOff(off.key, { from: event.target.value })} />
              <Field
                label="To"
                name={`dayOff-${off.key}-to`}
                type="date"
                value={off.to}
                onChange={(event) => editDayOff(off.key, { to: event.target.value })}
                error={errorFor(`workingTime.daysOff.${index}.to`)}
              />
              <Button size="sm" variant="ghost" onClick={() => setDaysOff((current) => current.filter((candidate) => candidate.key !== off.key))}>
                Remove day off {index + 1}
              </Button>
            </fieldset>
          ))}
          {daysOff.length < MAX_DAYS_OFF ? (
            <Button
              size="sm"
              onClick={() => {
                setDaysOff((current) => [...current, { key: nextKey, from: '', to: '' }]);
                setNextKey(nextKey + 1);
              }}
            >
              Add day off
            </Button>
          ) : null}
        </fieldset>
        <div className="form-actions">
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save Working Time
          </Button>
        </div>
      </Card>
    </form>
  );
}
