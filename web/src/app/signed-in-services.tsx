import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth';
import { getConfig } from '@/lib/config';
import { useReportBrowserTimeZone } from '@/lib/profile';
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
        {children}
      </RealtimeProvider>
    </CurrentWorkspaceProvider>
  );
}

function BrowserTimeZoneReport() {
  useReportBrowserTimeZone();
  return null;
}
