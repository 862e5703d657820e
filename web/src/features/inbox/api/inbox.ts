import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { inboxRoutes } from '@shared/routes/inbox';
import type { InboxNoticeView, InboxPage } from '@shared/schemas/inbox';
import { callRoute } from '@/lib/api-client';

/**
 * The signed-in user's inbox (issue 37): its unread count (on the bell, always read) and its notices (read
 * when the bell is opened), newest first, a page at a time. A push (`inbox.changed`) marks both stale
 * (app/realtime-sync.tsx); a mark changes the cache at once and is read again when answered.
 */
export const inboxKeys = {
  all: ['inbox'] as const,
  unread: ['inbox', 'unread'] as const,
  list: ['inbox', 'list'] as const,
};

export const FETCH_INBOX_FAILED = 'Failed to load notifications';
export const MARK_NOTICE_FAILED = 'Failed to update the notification';
const INBOX_PAGE_SIZE = 20;

export function useInboxUnreadCount() {
  return useQuery({
    queryKey: inboxKeys.unread,
    queryFn: ({ signal }) => callRoute(inboxRoutes.CountUnreadInbox, { signal }),
    select: (answer) => answer.unread,
  });
}

export function useInbox(enabled: boolean) {
  const pages = useInfiniteQuery({
    queryKey: inboxKeys.list,
    queryFn: ({ pageParam, signal }) =>
      callRoute(inboxRoutes.ListInbox, { query: { limit: INBOX_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
  return { ...pages, notices: pages.data?.pages.flatMap((page) => page.notices) ?? [] };
}

/** The cached notices with `change` applied, and the unread count moved by as many as it turned. */
function editNotices(queryClient: QueryClient, change: (notice: InboxNoticeView) => InboxNoticeView): void {
  let moved = 0;
  queryClient.setQueryData<InfiniteData<InboxPage>>(inboxKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notices: page.notices.map((notice) => {
              const next = change(notice);
              if (next.read !== notice.read) moved += next.read ? -1 : 1;
              return next;
            }),
          })),
        }
      : data,
  );
  queryClient.setQueryData<{ unread: number }>(inboxKeys.unread, (data) => (data ? { unread: Math.max(0, data.unread + moved) } : data));
}

function useInboxMutation<V>(mutationFn: (variables: V) => Promise<unknown>, change: (variables: V) => (notice: InboxNoticeView) => InboxNoticeView) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: async (variables: V) => {
      await queryClient.cancelQueries({ queryKey: inboxKeys.all });
      editNotices(queryClient, change(variables));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}

/** Mark Read / Mark Unread of one notice. */
export function useMarkNotice() {
  return useInboxMutation(
    ({ noticeId, read }: { noticeId: string; read: boolean }) => callRoute(inboxRoutes.MarkInboxNotice, { params: { noticeId }, body: { read } }),
    ({ noticeId, read }) =>
      (notice) => (notice.id === noticeId ? { ...notice, read } : notice),
  );
}

/** Mark All Read. */
export function useMarkAllRead() {
  return useInboxMutation(
    (_nothing: undefined) => callRoute(inboxRoutes.MarkAllInboxRead, {}),
    () => (notice) => ({ ...notice, read: true }),
  );
}
