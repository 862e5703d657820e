import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CALENDAR_SYNC, REMINDER_OFFSETS, type CalendarSyncPreferences } from '@shared/schemas/profile';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/form-fields';
import { SettingsSwitches } from '@/components/ui/switch';
import { useTransientFlag } from '@/hooks/use-transient-flag';
import { apiErrorMessage } from '@/lib/api-client';
import { profileQueryOptions, useSaveProfile } from '@/lib/profile';

type Toggle = Exclude<keyof CalendarSyncPreferences, 'reminderOffset'>;

const TOGGLES: Record<Toggle, { label: string; description: string }> = {
  syncDeadlines: { label: 'Sync task deadlines', description: 'Due dates of tasks in linked projects appear as all-day events in the linked calendar.' },
  syncMeetings: { label: 'Sync meetings', description: 'Show the events of enabled calendars on the Calendar page and in linked projects.' },
  createTimeBlocks: { label: 'Create time blocks', description: 'The weekly plan blocks out the time of your calendar events before it places your tasks.' },
  twoWaySync: { label: 'Two-way sync', description: 'Moving a due-date event to another day in Google Calendar moves its task at the next sync.' },
};

/** Sync Preferences (spec pages §3, §9), kept with the user's profile so every browser has them. */
export function SyncPreferencesCard() {
  const profile = useQuery(profileQueryOptions());
  const stored = profile.data?.calendarSync ?? DEFAULT_CALENDAR_SYNC;
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
    <Card title="Sync Preferences">
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
        <Button variant="primary" loading={save.isPending} disabled={draft === null || profile.isLoading} onClick={submit}>
          Save Preferences
        </Button>
      </div>
    </Card>
  );
}
