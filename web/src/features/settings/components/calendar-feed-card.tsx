import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { CalendarFeedScope } from '@shared/schemas/calendar-feed';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonLines } from '@/components/ui/skeleton';
import { COPY_FAILED, useCopy } from '@/hooks/use-copy';
import { apiErrorMessage } from '@/lib/api-client';
import {
  calendarFeedQueryOptions,
  calendarFeedUrl,
  LOAD_CALENDAR_FEED_FAILED,
  SAVE_CALENDAR_FEED_FAILED,
  useDeleteCalendarFeed,
  useSaveCalendarFeed,
  type CalendarFeedView,
} from '../api/calendar-feed';

const SCOPES: readonly { value: CalendarFeedScope; label: string }[] = [
  { value: 'mine', label: 'My tasks' },
  { value: 'workspace', label: 'All tasks of the workspace' },
];

/**
 * Settings → Calendar feed: a private address of the workspace's open tasks with due dates that Google
 * Calendar, Apple Calendar or Outlook subscribe to. The address is the key: it can be reset or turned off.
 */
export function CalendarFeedCard({ workspaceId, workspaceName }: { workspaceId: string; workspaceName: string }) {
  const feed = useQuery(calendarFeedQueryOptions(workspaceId));
  const save = useSaveCalendarFeed(workspaceId);
  const remove = useDeleteCalendarFeed(workspaceId);
  const failure = save.error ?? remove.error;
  return (
    <Card title="Calendar feed">
      <p className="muted">
        Subscribe to the open tasks of {workspaceName} with a due date in Google Calendar, Apple Calendar or Outlook (“From URL” or “Subscribe”). They update
        as the tasks change, within the calendar app’s refresh time. Anyone with the address can read the feed: keep it to yourself, or reset it.
      </p>
      {failure ? <Alert>{apiErrorMessage(failure, SAVE_CALENDAR_FEED_FAILED)}</Alert> : null}
      {feed.isError ? (
        <LoadError what="your calendar feed" message={LOAD_CALENDAR_FEED_FAILED.replace(/\.$/, '')} error={feed.error} onRetry={() => void feed.refetch()} />
      ) : feed.data === undefined ? (
        <SkeletonLines label="Loading your calendar feed…" lines={2} />
      ) : feed.data === null ? (
        <div className="form-actions">
          <Button variant="primary" loading={save.isPending} onClick={() => save.mutate({ scope: 'mine' })}>
            Turn On Calendar Feed
          </Button>
        </div>
      ) : (
        <FeedSettings
          feed={feed.data}
          busy={save.isPending || remove.isPending}
          onScope={(scope) => save.mutate({ scope })}
          onReset={() => save.mutate({ scope: feed.data?.scope ?? 'mine', newSecret: true })}
          onTurnOff={() => remove.mutate()}
        />
      )}
    </Card>
  );
}

function FeedSettings({
  feed,
  busy,
  onScope,
  onReset,
  onTurnOff,
}: {
  feed: CalendarFeedView;
  busy: boolean;
  onScope: (scope: CalendarFeedScope) => void;
  onReset: () => void;
  onTurnOff: () => void;
}) {
  const clipboard = useCopy();
  const { confirm, dialog } = useConfirm();
  const scopeName = useId();
  const url = calendarFeedUrl(feed);
  const reset = async () => {
    const message = 'Reset the feed address? The current address stops working at once, so calendars subscribed to it must be given the new one.';
    if (await confirm({ title: 'Reset feed address', message, confirmLabel: 'Reset Address' })) {
      clipboard.reset();
      onReset();
    }
  };
  const turnOff = async () => {
    const message = 'Turn the calendar feed off? Its address stops working at once.';
    if (await confirm({ title: 'Turn off calendar feed', message, confirmLabel: 'Turn Off', danger: true })) onTurnOff();
  };
  return (
    <div className="form">
      <fieldset className="settings-choice" disabled={busy}>
        <legend>Tasks in the feed</legend>
        {SCOPES.map((scope) => (
          <label key={scope.value} className="settings-radio">
            <input type="radio" name={scopeName} value={scope.value} checked={feed.scope === scope.value} onChange={() => onScope(scope.value)} />
            {scope.label}
          </label>
        ))}
      </fieldset>
      <Field label="Feed address" readOnly value={url} onFocus={(event) => event.target.select()} />
      <div className="form-actions">
        <Button onClick={() => void clipboard.copy(url)}>Copy</Button>
        <Button disabled={busy} onClick={() => void reset()}>
          Reset Address
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => void turnOff()}>
          Turn Off
        </Button>
        <span role="status">{clipboard.copied ? 'Copied' : ''}</span>
      </div>
      {clipboard.failed ? <Alert>{COPY_FAILED}</Alert> : null}
      {dialog}
    </div>
  );
}
