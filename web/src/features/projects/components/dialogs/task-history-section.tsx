import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useNow } from '@/hooks/use-now';
import { apiErrorMessage } from '@/lib/api-client';
import { timeAgo } from '@/lib/format-date';
import { FETCH_HISTORY_FAILED, useTaskHistory } from '../../api/task-history';
import { entrySentences } from '../../utils/history-sentences';

/**
 * A task's history (issue 37) in the task view: collapsed until "Show history", then who changed what, newest
 * first ("Mia changed Priority from Low to High · 2 hours ago"), a page at a time with "Load more".
 */
export function TaskHistorySection({ workspaceId, projectId, taskId }: { workspaceId: string; projectId: string; taskId: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const history = useTaskHistory(workspaceId, projectId, taskId, open);
  const now = useNow(30_000);
  return (
    <section className="task-history" aria-label="History">
      <Button size="sm" variant="ghost" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {open ? 'Hide history' : 'Show history'}
      </Button>
      {open ? (
        <div id={listId}>
          {history.isPending ? (
            <p className="muted" role="status">
              Loading history…
            </p>
          ) : history.isError && history.entries.length === 0 ? (
            <p className="field-error" role="alert">
              {apiErrorMessage(history.error, FETCH_HISTORY_FAILED)}{' '}
              <Button size="sm" onClick={() => void history.refetch()}>
                Retry
              </Button>
            </p>
          ) : history.entries.length === 0 ? (
            <p className="muted">No history yet.</p>
          ) : (
            <ul className="task-history-list">
              {history.entries.flatMap((entry) =>
                entrySentences(entry).map((sentence, index) => (
                  <li key={`${entry.id}-${index}`}>
                    <strong>{entry.actorName}</strong> {sentence} ·{' '}
                    <time dateTime={entry.at} title={entry.at}>
                      {timeAgo(entry.at, now)}
                    </time>
                  </li>
                )),
              )}
            </ul>
          )}
          {history.hasNextPage ? (
            <Button size="sm" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
              {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          ) : null}
          {history.isFetchNextPageError ? <p className="field-error">{FETCH_HISTORY_FAILED}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
