import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { googleCalendarRoutes } from '@shared/routes/google-calendar';
import { addDays, toCalendarDate } from '@shared/rules/calendar-date';
import type { CreateGoogleEventInput, GoogleAccountView, GoogleEventView, SaveCalendarSettingsInput } from '@shared/schemas/google-calendar';
import { callRoute } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/clock';
import { formatDate } from '@/lib/format-date';
import { profileQueryOptions } from '@/features/settings';

/** Texts of spec pages §8 (Google Calendar). */
export const GOOGLE_TEXTS = {
  authUrlFailed: 'Failed to get auth URL',
  loadFailed: 'Failed to load Google Calendar data',
  connectFailed: 'Failed to connect Google account',
  callbackFailed: 'Failed to connect account',
  disconnectFailed: 'Failed to disconnect account',
  saveFailed: 'Failed to save calendar settings',
  syncFailed: 'Failed to sync calendar events',
  createEventFailed: 'Failed to create calendar event',
  accountNotFound: 'Account not found',
  cancelled: 'Authorization was cancelled or failed',
  noCode: 'No authorization code received',
  noWorkspace: 'No workspace selected',
} as const;

export const googleKeys = {
  all: (workspaceId: string) => ['workspaces', workspaceId, 'google-calendar'] as const,
  accounts: (workspaceId: string) => [...googleKeys.all(workspaceId), 'accounts'] as const,
  events: (workspaceId: string, from: string, to: string, projectId?: string) =>
    [...googleKeys.all(workspaceId), 'events', from, to, projectId ?? null] as const,
};

export function useGoogleAccounts(workspaceId: string | undefined) {
  return useQuery({
    queryKey: googleKeys.accounts(workspaceId ?? ''),
    queryFn: async ({ signal }) => (await callRoute(googleCalendarRoutes.ListGoogleAccounts, { params: { workspaceId: workspaceId ?? '' }, signal })).accounts,
    enabled: Boolean(workspaceId),
  });
}

/** The names of the calendars whose last sync Google refused in part (their `syncError` says what). */
export function calendarsNotSynced(accounts: readonly GoogleAccountView[]): string[] {
  return accounts.flatMap((account) => account.calendars.filter((calendar) => calendar.syncError !== null).map((calendar) => calendar.summary));
}

/** Sync Preferences' 'Sync meetings': whether calendar events are shown at all (on until the profile says otherwise). */
export function useShowMeetings(): boolean {
  return useQuery(profileQueryOptions()).data?.calendarSync.syncMeetings ?? true;
}

/** Events of the enabled calendars on the days from–to (inclusive); only a project's when `projectId` is given. */
export function useGoogleEvents(workspaceId: string | undefined, range: { from: string; to: string }, options: { projectId?: string; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: googleKeys.events(workspaceId ?? '', range.from, range.to, options.projectId),
    queryFn: async ({ signal }) =>
      (
        await callRoute(googleCalendarRoutes.ListGoogleEvents, {
          params: { workspaceId: workspaceId ?? '' },
          // The days are this browser's: its zone tells the server where they start and end.
          query: { from: range.from, to: range.to, timeZone: browserTimeZone(), ...(options.projectId ? { projectId: options.projectId } : {}) },
          signal,
        })
      ).events,
    enabled: Boolean(workspaceId) && (options.enabled ?? true),
  });
}

/** Asks for Google's consent page address and goes there (spec pages §7 google-calendar-auth/auth-url). */
export function useStartGoogleConnection(workspaceId: string) {
  return useMutation({
    mutationFn: async () => (await callRoute(googleCalendarRoutes.GetGoogleAuthUrl, { params: { workspaceId } })).authUrl,
    onSuccess: (authUrl) => window.location.assign(authUrl),
  });
}

/**
 * Accounts changed: every cached event range is read again, and the account list too unless the answer
 * carried it (then it is put in place rather than fetched once more).
 */
function useAccountsChanged(workspaceId: string) {
  const queryClient = useQueryClient();
  return (accounts?: GoogleAccountView[]) => {
    if (!accounts) return queryClient.invalidateQueries({ queryKey: googleKeys.all(workspaceId) });
    queryClient.setQueryData(googleKeys.accounts(workspaceId), accounts);
    return queryClient.invalidateQueries({ queryKey: [...googleKeys.all(workspaceId), 'events'] });
  };
}

export function useConnectGoogleAccount(workspaceId: string) {
  const changed = useAccountsChanged(workspaceId);
  return useMutation({
    mutationFn: async (input: { code: string; state: string }) =>
      (await callRoute(googleCalendarRoutes.ConnectGoogleAccount, { params: { workspaceId }, body: input })).account,
    // Not awaited: the connection is made, whatever reading the accounts and events again takes (or fails).
    onSuccess: () => void changed(),
  });
}

export function useDisconnectGoogleAccount(workspaceId: string) {
  const changed = useAccountsChanged(workspaceId);
  return useMutation({
    mutationFn: (accountId: string) => callRoute(googleCalendarRoutes.DisconnectGoogleAccount, { params: { workspaceId, accountId } }),
    onSuccess: () => changed(),
  });
}

export function useSaveCalendarSettings(workspaceId: string) {
  const changed = useAccountsChanged(workspaceId);
  return useMutation({
    mutationFn: async ({ accountId, ...input }: SaveCalendarSettingsInput & { accountId: string }) =>
      (await callRoute(googleCalendarRoutes.SaveGoogleCalendarSettings, { params: { workspaceId, accountId }, body: input })).account,
    onSuccess: () => changed(),
  });
}

/** Refresh: calendar lists, linked due dates and events brought up to date at Google's side and ours. */
export function useSyncGoogleCalendar(workspaceId: string) {
  const changed = useAccountsChanged(workspaceId);
  return useMutation({
    mutationFn: async () => (await callRoute(googleCalendarRoutes.SyncGoogleCalendar, { params: { workspaceId } })).accounts,
    onSuccess: (accounts) => changed(accounts),
  });
}

export function useCreateGoogleEvent(workspaceId: string) {
  const changed = useAccountsChanged(workspaceId);
  return useMutation({
    mutationFn: async (input: CreateGoogleEventInput) => (await callRoute(googleCalendarRoutes.CreateGoogleEvent, { params: { workspaceId }, body: input })).event,
    onSuccess: () => changed(),
  });
}

/** The days an event covers, as YYYY-MM-DD in this browser's zone (all-day events: start to the day before end). */
export function eventDays(event: Pick<GoogleEventView, 'allDay' | 'start' | 'end'>): string[] {
  if (event.allDay) {
    const days: string[] = [];
    for (let day = event.start; day < event.end && days.length < 366; day = addDays(day, 1)) days.push(day);
    return days.length > 0 ? days : [event.start];
  }
  return [toCalendarDate(new Date(event.start))];
}

const clockTime = (instant: string) => formatDate(instant, 'time');

/** When a timed event starts ('09:00' in this browser's locale and zone); '' for an all-day one. */
export function eventStartTime(event: Pick<GoogleEventView, 'allDay' | 'start'>): string {
  return event.allDay ? '' : clockTime(event.start);
}

/** 'All day' or '09:00–10:30' in this browser's locale and zone. */
export function eventTimeLabel(event: Pick<GoogleEventView, 'allDay' | 'start' | 'end'>): string {
  return event.allDay ? 'All day' : `${clockTime(event.start)}–${clockTime(event.end)}`;
}
