import { useCurrentWorkspace } from '@/lib/current-workspace';
import { useGoogleAccounts } from './google-calendar';

/** Google Calendar's real connected state in the current workspace, for the integrations catalogue. */
export function useGoogleCalendarStatus(): { connected: boolean; accountCount: number; isLoading: boolean } {
  const { currentWorkspace } = useCurrentWorkspace();
  const accounts = useGoogleAccounts(currentWorkspace?.id);
  const accountCount = accounts.data?.length ?? 0;
  return { connected: accountCount > 0, accountCount, isLoading: accounts.isLoading };
}
