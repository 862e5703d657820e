import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import type { InboxNoticeView } from '@shared/schemas/inbox';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { apiErrorMessage } from '@/lib/api-client';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { timeAgo } from '@/lib/format-date';
import { FETCH_INBOX_FAILED, MARK_NOTICE_FAILED, useInbox, useInboxUnreadCount, useMarkAllRead, useMarkNotice } from '../api/inbox';
import './inbox.css';

export const ALL_CAUGHT_UP = "You're all caught up.";

/** What happened, in words: who did what to the reader, about which task (or workspace). */
export function noticeText(notice: InboxNoticeView): { who: string | null; what: string } {
  const who = notice.actorName;
  switch (notice.kind) {
    case 'mentioned':
      return { who, what: `mentioned you on ${notice.text}` };
    case 'assigned':
      return { who, what: `assigned you ${notice.text}` };
    case 'commented':
      return { who, what: `commented on ${notice.text}` };
    case 'due':
      return { who: null, what: `${notice.text} is due tomorrow` };
    case 'added':
      return { who, what: `added you to ${notice.text}` };
  }
}

export interface InboxPanelProps {
  /** Where a task opens in this layout (the desktop's task dialog, the phone's project page). */
  readonly taskHref: (projectId: string, taskId: string) => string;
  /** Where a project opens (a mention in a comment on the project itself). */
  readonly projectHref: (projectId: string) => string;
  /** Where a workspace one was added to opens. */
  readonly workspaceHref: string;
  /** Called once an item was opened (the bell closes its panel). */
  readonly onOpened?: () => void;
}

function InboxItem({ notice, open }: { notice: InboxNoticeView; open: (notice: InboxNoticeView) => void }) {
  const mark = useMarkNotice();
  const textId = useId();
  const { who, what } = noticeText(notice);
  return (
    <li className={`inbox-item${notice.read ? '' : ' is-unread'}`}>
      <button type="button" className="inbox-open" onClick={() => open(notice)}>
        <span className="inbox-dot" aria-hidden="true" />
        <span className="inbox-text" id={textId}>
          {notice.read ? null : <span className="visually-hidden">Unread: </span>}
          {who ? <strong>{who} </strong> : null}
          {what}
          <span className="muted inbox-when">
            {' · '}
            <time dateTime={notice.createdAt}>{timeAgo(notice.createdAt, new Date())}</time>
          </span>
        </span>
      </button>
      {/* Described by its notice: a list of "Mark read" buttons is told apart by what each marks. */}
      <Button size="sm" variant="ghost" loading={mark.isPending} aria-describedby={textId} onClick={() => mark.mutate({ noticeId: notice.id, read: !notice.read })}>
        {notice.read ? 'Mark unread' : 'Mark read'}
      </Button>
      {mark.isError ? (
        <p role="alert" className="inbox-error">
          {apiErrorMessage(mark.error, MARK_NOTICE_FAILED)}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The inbox (issue 37), in the bell's panel: the user's notices newest first, each opening its task (or
 * workspace) and marking it read; Mark read / Mark unread each, Mark all read, more on demand.
 */
export function InboxPanel({ taskHref, projectHref, workspaceHref, onOpened }: InboxPanelProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const { currentWorkspace, setCurrentWorkspace } = useCurrentWorkspace();
  const inbox = useInbox(true);
  const unread = useInboxUnreadCount().data ?? 0;
  const markAll = useMarkAllRead();
  const mark = useMarkNotice();

  const open = (notice: InboxNoticeView) => {
    if (!notice.read) mark.mutate({ noticeId: notice.id, read: true });
    if (currentWorkspace?.id !== notice.workspaceId) setCurrentWorkspace(notice.workspaceId);
    void navigate(notice.projectId ? (notice.taskId ? taskHref(notice.projectId, notice.taskId) : projectHref(notice.projectId)) : workspaceHref);
    onOpened?.();
  };

  return (
    <div className="inbox">
      <div className="inbox-header">
        <h2 id={titleId} className="popover-title">
          Notifications
        </h2>
        <Button size="sm" variant="ghost" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate(undefined)}>
          Mark all read
        </Button>
      </div>
      {markAll.isError ? (
        <p role="alert" className="inbox-error">
          {apiErrorMessage(markAll.error, MARK_NOTICE_FAILED)}
        </p>
      ) : null}
      {inbox.isPending ? (
        <p role="status" className="muted">
          Loading notifications…
        </p>
      ) : inbox.isError ? (
        <LoadError what="notifications" error={inbox.error} message={FETCH_INBOX_FAILED} onRetry={() => void inbox.refetch()} />
      ) : inbox.notices.length === 0 ? (
        inbox.hasNextPage ? null : <p className="muted">{ALL_CAUGHT_UP}</p>
      ) : (
        <ul className="inbox-list" aria-labelledby={titleId}>
          {inbox.notices.map((notice) => (
            <InboxItem key={notice.id} notice={notice} open={open} />
          ))}
        </ul>
      )}
      {inbox.hasNextPage ? (
        <Button size="sm" variant="ghost" loading={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
          Show more
        </Button>
      ) : null}
    </div>
  );
}
