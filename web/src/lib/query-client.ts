import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** How many times a failed read is tried again: never for answers that will not change (4xx). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The one cache of server state. Reads stay fresh until a realtime push or a write says otherwise (pushes
 * name what changed, see app/realtime-sync), so a screen opened again shows its data at once without
 * asking; a reconnect or a return to the tab refreshes what is on screen.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, gcTime: 30 * 60_000, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
