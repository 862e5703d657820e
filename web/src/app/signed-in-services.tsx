import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { FocusSessionWatcher } from '@/features/focus/components/focus-session-watcher';
import { workspacesQueryOptions } from '@/features/workspaces/api/get-workspaces';
import { useToast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { rescueLostFocus } from '@/lib/focus-rescue';
import { getConfig } from '@/lib/config';
import { profileQueryOptions, useReportBrowserTimeZone } from '@/features/settings/api/profile';
import { RealtimeProvider } from '@/lib/realtime';
import { CurrentWorkspaceProvider } from './current-workspace-provider';
import { RealtimeSync } from './realtime-sync';
import { RoutePrefetch } from './route-prefetch';

/**
 * What the signed-in screens share: the current workspace and the realtime connection that keeps the
 * cache live. Loaded with the first signed-in page, so the landing and auth pages never carry it.
 */
export function SignedInServices({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <CurrentWorkspaceProvider>
      <RealtimeProvider url={getConfig().webSocketUrl} userId={user?.id}>
        <RealtimeSync />
        <RoutePrefetch />
        <BrowserTimeZoneReport />
        <UnsavedWritesGuard />
        <ToastsOfTheSession />
        <FocusRescue />
        <FocusSessionWatcher />
        {children}
      </RealtimeProvider>
    </CurrentWorkspaceProvider>
  );
}

/**
 * Starts the reads every signed-in page begins with (the workspace list, the profile) as soon as this code
 * has arrived, instead of when the first page commits: React holds a Suspense boundary's content back for
 * up to 300 ms after its fallback showed, and the shell and page chunks suspend in turn (a cold load sat
 * idle ~220 ms before its first API request).
 */
export function prefetchSignedInReads(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(workspacesQueryOptions());
  void queryClient.prefetchQuery(profileQueryOptions());
}

function BrowserTimeZoneReport() {
  useReportBrowserTimeZone();
  return null;
}

/**
 * Closing or reloading the tab while a write has not reached the server (sent, or held while offline) asks
 * first: until it is answered it lives only in this tab.
 */
function UnsavedWritesGuard() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const askFirst = (event: BeforeUnloadEvent) => {
      if (queryClient.isMutating() > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', askFirst);
    return () => window.removeEventListener('beforeunload', askFirst);
  }, [queryClient]);
  return null;
}

function FocusRescue() {
  useEffect(() => rescueLostFocus(), []);
  return null;
}

/** The signed-in session's toasts leave with it: a Retry closed over one user's write must not outlive them. */
function ToastsOfTheSession() {
  const toaster = useToast();
  useEffect(() => () => toaster.clear(), [toaster]);
  return null;
}
