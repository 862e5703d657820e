import { useId, useState, type FocusEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MENTION_MAIL_MODES, TASK_VIEWS, type MentionMailMode, type ProfileView, type TaskViewMode } from '@shared/schemas/profile';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { CheckboxField, SelectField } from '@/components/ui/form-fields';
import { useTransientFlag } from '@/hooks/use-transient-flag';
import { paths } from '@/config/paths';
import { timeZoneCased, isValidTimeZone } from '@shared/rules/time-zones';
import { browserTimeZone } from '@/lib/clock';
import { leftForSubmit } from '@/lib/field-leave';
import { useSaveProfile } from '../api/profile';
import { SAVE_FAILED, SAVED } from '../api/settings';
import { ThemeCard } from './theme-card';

const INVALID_ZONE = 'Choose a time zone from the list, such as Europe/Berlin';
const DISPLAY_NAME_REQUIRED = 'Display Name is required';

const judgedFields = ['displayName', 'primary', 'secondary'] as const;
type JudgedField = (typeof judgedFields)[number];

export const mentionMailLabels: Record<MentionMailMode, string> = { off: 'Off', immediately: 'Immediately', daily: 'Daily digest at 07:00' };
export const taskViewLabels: Record<TaskViewMode, string> = { kanban: 'Kanban', list: 'List' };

/** Every IANA zone the browser knows, for the zone fields' search. */
const allZones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/**
 * Settings (spec pages §2 Settings): display name, theme (applied at once, as in the header menu), the
 * clock's two time zones and the notification preferences, saved with the profile on the server.
 */
export function PreferencesForm({ profile }: { profile: ProfileView }) {
  const save = useSaveProfile();
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [primary, setPrimary] = useState(profile.timeZones.primary ?? '');
  const [secondary, setSecondary] = useState(profile.timeZones.secondary);
  const [email, setEmail] = useState(profile.notificationPreferences.email);
  const [dueDates, setDueDates] = useState(profile.notificationPreferences.dueDates);
  const [mentionsAndAssignments, setMentionsAndAssignments] = useState(profile.notificationPreferences.mentionsAndAssignments);
  const [dailyDigest, setDailyDigest] = useState(profile.notificationPreferences.dailyDigest);
  const [weeklyReview, setWeeklyReview] = useState(profile.notificationPreferences.weeklyReview);
  const [defaultView, setDefaultView] = useState(profile.defaultView);
  const saved = useTransientFlag();
  const zonesListId = useId();
  // A field's error shows once the field is left or Save is pressed, not while the first letters are typed.
  const [judged, setJudged] = useState<ReadonlySet<JudgedField>>(new Set());
  const judge = (...fields: JudgedField[]) => setJudged((current) => new Set([...current, ...fields]));

  const errors: Record<JudgedField, string | undefined> = {
    displayName: displayName.trim() ? undefined : DISPLAY_NAME_REQUIRED,
    primary: primary.trim() && !isValidTimeZone(primary.trim()) ? INVALID_ZONE : undefined,
    secondary: !isValidTimeZone(secondary.trim()) ? INVALID_ZONE : undefined,
  };
  const shownError = (field: JudgedField) => (judged.has(field) ? errors[field] : undefined);
  /** Leaving a zone field names a valid zone as the list does ('europe/berlin' becomes 'Europe/Berlin'). */
  const leaveZone = (event: FocusEvent, field: 'primary' | 'secondary', value: string, set: (zone: string) => void) => {
    if (!leftForSubmit(event)) judge(field);
    if (value.trim() && isValidTimeZone(value.trim())) set(timeZoneCased(value.trim()));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    judge('displayName', 'primary', 'secondary');
    const invalid = judgedFields.find((field) => errors[field]);
    if (invalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${invalid}"]`)?.focus();
      return;
    }
    saved.clear();
    save.mutate(
      {
        displayName,
        timeZones: { primary: primary.trim() || null, secondary: secondary.trim() },
        notificationPreferences: { email, dueDates, mentionsAndAssignments, dailyDigest, weeklyReview },
        defaultView,
      },
      { onSuccess: saved.raise },
    );
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      {saved.on ? <Notice>{SAVED}</Notice> : null}
      {save.isError ? <Alert>{SAVE_FAILED}</Alert> : null}
      <Card title="Profile">
        <Field
          label="Display Name"
          name="displayName"
          required
          maxLength={100}
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
          onBlur={(event) => leftForSubmit(event) || judge('displayName')}
          hint={`Shown to your team and in mails. E-mail: ${profile.email}`}
          error={shownError('displayName')}
        />
      </Card>
      <ThemeCard />
      <Card title="Tasks">
        <SelectField label="Default view" name="defaultView" value={defaultView} onChange={(event) => setDefaultView(event.target.value as TaskViewMode)}>
          {TASK_VIEWS.map((view) => (
            <option key={view} value={view}>
              {taskViewLabels[view]}
            </option>
          ))}
        </SelectField>
      </Card>
      <Card title="Time Zones">
        <datalist id={zonesListId}>
          {allZones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <Field
          label="Primary time zone"
          name="primary"
          list={zonesListId}
          value={primary}
          placeholder={browserTimeZone()}
          onChange={(event) => setPrimary(event.target.value)}
          onBlur={(event) => leaveZone(event, 'primary', primary, setPrimary)}
          hint={`Leave empty to follow this device (${browserTimeZone()}).`}
          error={shownError('primary')}
        />
        <Field
          label="Secondary time zone"
          name="secondary"
          list={zonesListId}
          value={secondary}
          onChange={(event) => setSecondary(event.target.value)}
          onBlur={(event) => leaveZone(event, 'secondary', secondary, setSecondary)}
          error={shownError('secondary')}
        />
        <Link to={paths.app.timezones.getHref()}>Open the time-zone planner</Link>
      </Card>
      <Card title="Notifications">
        <CheckboxField label="Email notifications" checked={email} onChange={setEmail} />
        <CheckboxField label="Due date reminders" checked={dueDates} onChange={setDueDates} />
        <SelectField
          label="Mentions and assignments"
          name="mentionsAndAssignments"
          value={mentionsAndAssignments}
          onChange={(event) => setMentionsAndAssignments(event.target.value as MentionMailMode)}
        >
          {MENTION_MAIL_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {mentionMailLabels[mode]}
            </option>
          ))}
        </SelectField>
        <CheckboxField label="Daily digest" checked={dailyDigest} onChange={setDailyDigest} />
        <CheckboxField label="Weekly review" checked={weeklyReview} onChange={setWeeklyReview} />
        <p className="field-hint">Mails come at 07:00 in your primary time zone; the weekly review on Mondays. Email notifications off sends none.</p>
      </Card>
      <div className="form-actions">
        <Button type="submit" variant="primary" loading={save.isPending}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
