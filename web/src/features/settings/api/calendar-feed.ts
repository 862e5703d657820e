import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarFeedRoutes } from '@shared/routes/calendar-feed';
import { calendarFeedPath, type CalendarFeedView, type SaveCalendarFeedInput } from '@shared/schemas/calendar-feed';
import { callRoute } from '@/lib/api-client';
import { getConfig } from '@/lib/config';

export type { CalendarFeedView };

export const LOAD_CALENDAR_FEED_FAILED = 'Failed to load your calendar feed.';
export const SAVE_CALENDAR_FEED_FAILED = 'Failed to change your calendar feed. Please try again.';

const feedKey = (workspaceId: string) => ['calendar-feed', workspaceId] as const;

/** The address calendar apps subscribe to. */
export const calendarFeedUrl = (feed: Pick<CalendarFeedView, 'secret'>) => `${getConfig().apiUrl}${calendarFeedPath(feed.secret)}`;

export function calendarFeedQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: feedKey(workspaceId),
    queryFn: async ({ signal }) => (await callRoute(calendarFeedRoutes.GetCalendarFeed, { params: { workspaceId }, signal })).feed,
  });
}

/** Turns the feed on, changes what it holds, or gives it a new address. */
export function useSaveCalendarFeed(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveCalendarFeedInput) => (await callRoute(calendarFeedRoutes.SaveCalendarFeed, { params: { workspaceId }, body: input })).feed,
    onSuccess: (feed) => queryClient.setQueryData(feedKey(workspaceId), feed),
  });
}

export function useDeleteCalendarFeed(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(calendarFeedRoutes.DeleteCalendarFeed, { params: { workspaceId } }),
    onSuccess: () => queryClient.setQueryData(feedKey(workspaceId), null),
  });
}
