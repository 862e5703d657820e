import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { REMINDER_OFFSETS, type CalendarSyncPreferences } from '@shared/schemas/profile';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/form-fields';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonLines } from '@/components/ui/skeleton';
import { SettingsSwitches } from '@/components/ui/switch';
import { useTransientFlag } from '@/hooks/use-transient-flag';
import { apiErrorMessage } from '@/lib/api-client';
import { profileQueryOptions, useSaveProfile } from '@/features/settings';
import { readFailure } from '@/lib/load-failure';

type Toggle = Exclude<keyof CalendarSyncPreferences, 'reminderOffset'>;

const TOGGLES: Record<Toggle, { label: string; description: string }> = {
  syncDeadlines: { label: 'Sync task deadlines', description: 'Due dates of tasks in linked projects appear as all-day events in the linked calendar.' },
  syncMeetings: { label: 'Sync meetings', description: 'Show the events of enabled calendars on the Calendar page and in linked projects.' },
  createTimeBlocks: { label: 'Create time blocks', description: 'The weekly plan blocks out the time of your calendar events before it places your tasks.' },
  twoWaySync: { label: 'Two-way sync', description: 'Moving a due-date event to another day in Google Calendar moves its task at the next sync.' },
};

/** The preferences as stored, with the user's unsaved changes over them. */
function SyncPreferencesForm({ stored }: { stored: CalendarSyncPreferences }) {
  const [draft, setDraft] = useState<CalendarSyncPreferences | null>(null);
  const shown = draft ?? stored;
  const save = useSaveProfile();
  const saved = useTransientFlag();

  const submit = () =>
    save.mutate(
      { calendarSync: shown },
      {
        onSuccess: () => {
          setDraft(null);
          saved.raise();
        },
      },
    );

  return (
    <>
      <SettingsSwitches<Toggle> settings={shown} labels={TOGGLES} onChange={(key, checked) => setDraft({ ...shown, [key]: checked })} />
      <SelectField
        label="Reminder for events you add"
        value={String(shown.reminderOffset)}
        onChange={(event) => setDraft({ ...shown, reminderOffset: Number(event.target.value) as CalendarSyncPreferences['reminderOffset'] })}
      >
        {REMINDER_OFFSETS.map((minutes) => (
          <option key={minutes} value={minutes}>
            {minutes} minutes before
          </option>
        ))}
      </SelectField>
      {save.isError ? <Alert>{apiErrorMessage(save.error, 'Failed to save changes. Please try again.')}</Alert> : null}
      {saved.on ? <Notice>Sync preferences saved</Notice> : null}
      <div className="form-actions">
        <Button variant="primary" loading={save.isPending} disabled={draft === null} onClick={submit}>
          Save Preferences
        </Button>
      </div>
    </>
  );
}

/**
 * Sync Preferences (spec pages §3, §9), kept with the user's profile so every browser has them. Until the
 * profile is read there is nothing to edit: a failed read says so with Retry, and never offers defaults to
 * save over what is stored.
 */
export function SyncPreferencesCard() {
  const profile = useQuery(profileQueryOptions());
  const failure = readFailure(profile);
  return (
    <Card title="Sync Preferences">
      {profile.data ? (
        <SyncPreferencesForm stored={profile.data.calendarSync} />
      ) : failure ? (
        <LoadError what="your sync preferences" error={failure.error} onRetry={() => void profile.refetch()} />
      ) : (
        <SkeletonLines label="Loading sync preferences…" lines={4} />
      )}
    </Card>
  );
}
