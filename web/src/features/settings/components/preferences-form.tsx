import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ProfileView } from '@shared/schemas/profile';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { CheckboxField } from '@/components/ui/form-fields';
import { useTransientFlag } from '@/hooks/use-transient-flag';
import { paths } from '@/config/paths';
import { isValidTimeZone } from '@shared/rules/time-zones';
import { browserTimeZone } from '@/lib/clock';
import { useSaveProfile } from '@/lib/profile';
import { SAVE_FAILED, SAVED } from '../api/settings';
import { ThemeCard } from './theme-card';

const INVALID_ZONE = 'Choose a time zone from the list, such as Europe/Berlin';

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
  const saved = useTransientFlag();
  const zonesListId = useId();

  const primaryError = primary.trim() && !isValidTimeZone(primary.trim()) ? INVALID_ZONE : undefined;
  const secondaryError = !isValidTimeZone(secondary.trim()) ? INVALID_ZONE : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (primaryError || secondaryError) return;
    saved.clear();
    save.mutate(
      { displayName, timeZones: { primary: primary.trim() || null, secondary: secondary.trim() }, notificationPreferences: { email, dueDates } },
      { onSuccess: saved.raise },
    );
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      {saved.on ? <Notice>{SAVED}</Notice> : null}
      {save.isError ? <Alert>{SAVE_FAILED}</Alert> : null}
      <Card title="Profile">
        <Field label="Display Name" required maxLength={100} value={displayName} onChange={(event) => setDisplayName(event.target.value)} hint={`Shown to your team and in mails. E-mail: ${profile.email}`} />
      </Card>
      <ThemeCard />
      <Card title="Time Zones">
        <datalist id={zonesListId}>
          {allZones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <Field
          label="Primary time zone"
          list={zonesListId}
          value={primary}
          placeholder={browserTimeZone()}
          onChange={(event) => setPrimary(event.target.value)}
          hint={`Leave empty to follow this device (${browserTimeZone()}).`}
          error={primaryError}
        />
        <Field label="Secondary time zone" list={zonesListId} value={secondary} onChange={(event) => setSecondary(event.target.value)} error={secondaryError} />
        <Link to={paths.app.timezones.getHref()}>Open the time-zone planner</Link>
      </Card>
      <Card title="Notifications">
        <CheckboxField label="Email notifications" checked={email} onChange={setEmail} />
        <CheckboxField label="Due date reminders" checked={dueDates} onChange={setDueDates} />
      </Card>
      <div className="form-actions">
        <Button type="submit" variant="primary" loading={save.isPending} disabled={Boolean(primaryError || secondaryError)}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
