import { useId, useState } from 'react';
import { weekDayNames, weekDays, type TaskRepeat, type WeekDay } from '@shared/schemas/project';
import { choiceOf, repeatUnits, ruleFor, weeksOfMonth, type RepeatChoice, type RepeatKind, type RepeatUnit, type WeekOfMonth } from '@shared/rules/repeat-choices';
import { Field } from '@/components/ui/field';
import { CheckboxField, SelectField } from '@/components/ui/form-fields';
import './blockers-field.css';

const kindLabels: Record<RepeatKind | 'none' | 'custom', string> = {
  none: 'Does not repeat',
  daily: 'Daily',
  weekdays: 'Every weekday (Monday to Friday)',
  weekly: 'Weekly on chosen days',
  every: 'Every few days, weeks or months',
  monthlyOnDay: 'Monthly on a day',
  monthlyOnWeekday: 'Monthly on a weekday (e.g. the last Friday)',
  yearly: 'Yearly',
  custom: 'Custom rule (kept as it is)',
};
const unitLabels: Record<RepeatUnit, string> = { day: 'Days', week: 'Weeks', month: 'Months' };
const weekOfMonthLabels: Record<WeekOfMonth, string> = { 1: 'First', 2: 'Second', 3: 'Third', 4: 'Fourth', [-1]: 'Last' };
const MAX_INTERVAL = 99;

/** The due date's day of the week and of the month (today's when there is none). */
function dayOf(dueDate: string): { weekDay: WeekDay; monthDay: number } {
  const day = dueDate ? new Date(`${dueDate}T12:00:00Z`) : new Date();
  return { weekDay: weekDays[(day.getUTCDay() + 6) % 7] ?? 'monday', monthDay: day.getUTCDate() };
}

/** A new choice of a kind, starting from the due date. */
function choiceOfKind(kind: RepeatKind, dueDate: string): RepeatChoice {
  const { weekDay, monthDay } = dayOf(dueDate);
  switch (kind) {
    case 'weekly':
      return { kind, days: [weekDay] };
    case 'every':
      return { kind, interval: 2, unit: 'week' };
    case 'monthlyOnDay':
      return { kind, day: monthDay };
    case 'monthlyOnWeekday':
      return { kind, nth: monthDay > 28 ? -1 : (Math.ceil(monthDay / 7) as WeekOfMonth), day: weekDay };
    default:
      return { kind };
  }
}

/**
 * A labelled number box for a whole number from 1 to `max`: a number typed is taken (a larger one as `max`);
 * the box may be empty while typing, and shows the number taken when left.
 */
function WholeNumberField({ max, value, onChange, ...props }: { label: string; name: string; max: number; value: number; hint?: string; onChange: (value: number) => void }) {
  const [text, setText] = useState(String(value));
  return (
    <Field
      {...props}
      type="number"
      min={1}
      max={max}
      inputMode="numeric"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const typed = Math.round(Number(event.target.value));
        if (event.target.value !== '' && typed >= 1) onChange(Math.min(max, typed));
      }}
      onBlur={() => setText(String(value))}
    />
  );
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * "Repeat" in the task dialog (issue 36): the repeats a person asks for, each a labelled control, written as
 * an RRULE; a rule made elsewhere (the assistant, the API) that the picker cannot show stays as it is.
 * Completing an occurrence makes the next one; "Does not repeat" stops the repeat.
 */
export function RepeatField({
  value,
  dueDate,
  onChange,
  error,
}: {
  value: TaskRepeat | null;
  dueDate: string;
  onChange: (repeat: TaskRepeat | null) => void;
  error: string | undefined;
}) {
  const choice = value ? choiceOf(value.rule) : undefined;
  const kind = value ? (choice?.kind ?? 'custom') : 'none';
  const choose = (next: RepeatChoice) => onChange({ rule: ruleFor(next), from: value?.from ?? 'due', timeZone: value?.timeZone ?? browserTimeZone() });

  return (
    <fieldset className="blockers-field">
      <legend>Repeat</legend>
      <div className="form-row">
        <SelectField
          label="How often"
          name="repeatKind"
          value={kind}
          onChange={(event) => {
            const picked = event.target.value as RepeatKind | 'none' | 'custom';
            if (picked === 'none') onChange(null);
            else if (picked !== 'custom') choose(choiceOfKind(picked, dueDate));
          }}
          error={error}
        >
          {Object.entries(kindLabels)
            .filter(([option]) => option !== 'custom' || kind === 'custom')
            .map(([option, label]) => (
              <option key={option} value={option}>
                {label}
              </option>
            ))}
        </SelectField>
        {value ? (
          <SelectField
            label="Next date counts from"
            name="repeatFrom"
            value={value.from}
            onChange={(event) => onChange({ ...value, from: event.target.value === 'completion' ? 'completion' : 'due' })}
          >
            <option value="due">The due date</option>
            <option value="completion">The day it is completed</option>
          </SelectField>
        ) : null}
      </div>
      {choice ? <ChoiceDetails choice={choice} onChange={choose} /> : null}
      {kind === 'custom' && value ? <p className="muted">Rule: {value.rule}</p> : null}
    </fieldset>
  );
}

/** A labelled select of a fixed list of values, each shown by its label. */
function ListSelect<T extends string | number>({
  label,
  name,
  value,
  options,
  labels,
  onChange,
}: {
  label: string;
  name: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <SelectField label={label} name={name} value={value} onChange={(event) => onChange(options.find((option) => String(option) === event.target.value) ?? value)}>
      {options.map((option) => (
        <option key={option} value={option}>
          {labels[option]}
        </option>
      ))}
    </SelectField>
  );
}

/** The details of a choice that has some: which days, how often, which day of the month. */
function ChoiceDetails({ choice, onChange }: { choice: RepeatChoice; onChange: (choice: RepeatChoice) => void }) {
  switch (choice.kind) {
    case 'weekly':
      return (
        <fieldset className="blockers-field">
          <legend>Repeat on</legend>
          <div className="form-row">
            {weekDays.map((day) => (
              <CheckboxField
                key={day}
                label={weekDayNames[day]}
                checked={choice.days.includes(day)}
                onChange={(checked) => onChange({ ...choice, days: checked ? [...choice.days, day] : choice.days.filter((other) => other !== day) })}
              />
            ))}
          </div>
        </fieldset>
      );
    case 'every':
      return (
        <div className="form-row">
          <WholeNumberField label="Every" name="repeatInterval" max={MAX_INTERVAL} value={choice.interval} onChange={(interval) => onChange({ ...choice, interval })} />
          <ListSelect label="Unit" name="repeatUnit" value={choice.unit} options={repeatUnits} labels={unitLabels} onChange={(unit) => onChange({ ...choice, unit })} />
        </div>
      );
    case 'monthlyOnDay':
      return (
        <WholeNumberField
          label="Day of the month"
          name="repeatMonthDay"
          max={31}
          value={choice.day}
          onChange={(day) => onChange({ ...choice, day })}
          hint="In a shorter month, its last day."
        />
      );
    case 'monthlyOnWeekday':
      return (
        <div className="form-row">
          <ListSelect label="Which" name="repeatWeekOfMonth" value={choice.nth} options={weeksOfMonth} labels={weekOfMonthLabels} onChange={(nth) => onChange({ ...choice, nth })} />
          <ListSelect label="Day" name="repeatWeekDay" value={choice.day} options={weekDays} labels={weekDayNames} onChange={(day) => onChange({ ...choice, day })} />
        </div>
      );
    default:
      return null;
  }
}

const scopeLabels = { following: 'This and the following occurrences', only: 'This occurrence only' } as const;

/** For an edit of a repeating task: this and the following occurrences (the default), or this one only. */
export function RepeatScopeField({ occurrenceOnly, onChange }: { occurrenceOnly: boolean; onChange: (occurrenceOnly: boolean) => void }) {
  const groupName = useId();
  return (
    <fieldset className="blockers-field">
      <legend>Apply the changes to</legend>
      {(['following', 'only'] as const).map((scope) => (
        <label key={scope} className="checkbox-row">
          <input type="radio" name={groupName} value={scope} checked={occurrenceOnly === (scope === 'only')} onChange={() => onChange(scope === 'only')} />
          {scopeLabels[scope]}
        </label>
      ))}
    </fieldset>
  );
}
