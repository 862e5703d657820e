import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { profileRoutes } from '@shared/routes/profile';
import type { ProfileView, UpdateProfileInput } from '@shared/schemas/profile';
import { callRoute } from '@/lib/api-client';
import { browserTimeZone, parseTimezoneConfig, type TimezoneConfig } from '@/lib/clock';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';

/** The signed-in user's profile (display name, notification preferences, clock zones). */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'] as const,
    queryFn: async ({ signal }) => (await callRoute(profileRoutes.GetProfile, { signal })).profile,
  });

/** The clock zones a profile asks for; a primary of null follows this device's zone. */
export function zonesOf(profile: Pick<ProfileView, 'timeZones'>): TimezoneConfig {
  return { primary: profile.timeZones.primary ?? browserTimeZone(), secondary: profile.timeZones.secondary };
}

/** Remembers the profile's zones on this device, so the next page load shows them before the profile is read. */
export function rememberZones(profile: Pick<ProfileView, 'timeZones'>): void {
  writeStorage(storageKeys.timezoneConfig, JSON.stringify(profile.timeZones));
}

/**
 * The header clock's zones: the profile's (kept on the server, so every device shows the same), and until
 * it is read, the ones this device remembered.
 */
export function useClockZones(): TimezoneConfig {
  const { data } = useQuery(profileQueryOptions());
  useEffect(() => {
    if (data) rememberZones(data);
  }, [data]);
  if (data) return zonesOf(data);
  return parseTimezoneConfig(readStorage(storageKeys.timezoneConfig), browserTimeZone());
}

/** The name the user chose in Settings, else their e-mail's local part (until the profile is read). */
export function useDisplayName(fallback: string): string {
  const { data } = useQuery(profileQueryOptions());
  return data?.displayName || fallback;
}

/** PATCH the profile; the clock and every member list show the new values. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateProfileInput) => (await callRoute(profileRoutes.UpdateProfile, { body: input })).profile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
      rememberZones(profile);
      // Member lists show display names.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'workspaces' && query.queryKey[2] === 'members' });
    },
  });
}

/**
 * Tells the server this browser's time zone when it is not the one the profile holds (once per page load):
 * the due-date reminder comes at 07:00 in it while the primary zone follows the browser.
 */
export function useReportBrowserTimeZone(): void {
  const { data } = useQuery(profileQueryOptions());
  const { mutate } = useSaveProfile();
  const reported = useRef(false);
  const known = data?.browserTimeZone;
  useEffect(() => {
    const zone = browserTimeZone();
    if (known === undefined || known === zone || reported.current) return;
    reported.current = true;
    mutate({ browserTimeZone: zone });
  }, [known, mutate]);
}
