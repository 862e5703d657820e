import { useEffect, useRef, useState } from 'react';
import type { ToolCallView } from '@shared/schemas/chat';
import { CheckIcon, CloseIcon, HistoryIcon } from '@/components/ui/icons';

/** What became of an Undo pressed on a pill: under way, done (with the server's words) or refused. */
export type UndoState = { status: 'pending' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

export interface UndoControls {
  readonly states: ReadonlyMap<string, UndoState>;
  readonly undo: (token: string) => void;
  /** Undoes these writes one after another, in the order given. */
  readonly undoAll: (tokens: readonly string[]) => void;
}

const statusLabels: Record<ToolCallView['status'], string> = { pending: 'Running', success: 'Done', error: 'Failed' };

/** Where a call's Undo stands: an undo used before this conversation was loaded comes with what it did. */
function undoStateOf(call: ToolCallView, undo: UndoControls): UndoState | undefined {
  if (!call.undo) return undefined;
  return undo.states.get(call.undo.token) ?? (call.undo.undone === undefined ? undefined : { status: 'done', message: call.undo.undone });
}

/**
 * One tool call: a green check, a red mark or a yellow pulse (spec pages §2), what it did, and its Undo; once
 * undone, what the undo did in its place, marked as taken back.
 */
export function ToolPill({ call, undo }: { call: ToolCallView; undo: UndoControls }) {
  const undoState = undoStateOf(call, undo);
  // Its Undo pressed here goes with the undo: the focus moves to what was undone, not to the page.
  const pressedHere = useRef(false);
  const undone = useRef<HTMLSpanElement>(null);
  const isUndone = undoState?.status === 'done';
  useEffect(() => {
    if (isUndone && pressedHere.current) undone.current?.focus();
  }, [isUndone]);
  if (undoState?.status === 'done') {
    return (
      <li className="tool-pill tool-pill-undone">
        <span className="tool-pill-icon">
          <HistoryIcon />
        </span>
        <span className="tool-pill-text" ref={undone} tabIndex={-1}>
          {undoState.message}
        </span>
      </li>
    );
  }
  return (
    <li className={`tool-pill tool-pill-${call.status}`}>
      <span className="tool-pill-icon">
        {call.status === 'success' ? <CheckIcon /> : call.status === 'error' ? <CloseIcon /> : <span className="tool-pill-pulse" />}
        <span className="visually-hidden">{statusLabels[call.status]}: </span>
      </span>
      <span className="tool-pill-text">{call.message || call.name}</span>
      {call.status === 'success' && call.undo ? (
        <button
          type="button"
          className="tool-pill-undo"
          aria-label={`Undo: ${call.message || call.name}`}
          disabled={undoState?.status === 'pending'}
          onClick={() => {
            if (!call.undo) return;
            pressedHere.current = true;
            undo.undo(call.undo.token);
          }}
        >
          Undo
        </button>
      ) : null}
      {undoState?.status === 'failed' ? (
        <span className="tool-pill-note tool-pill-note-error" role="alert">
          {undoState.message}
        </span>
      ) : null}
    </li>
  );
}

/**
 * A row of tool pills (the strip of the reply in flight, or the calls a stored reply made), and Undo all
 * once the reply is over and two or more of its changes can still be undone (newest first: the server takes
 * each back on top of the ones after it). When they are, a line says so and takes the focus the button had.
 */
export function ToolPills({
  calls,
  undo,
  label,
  offerUndoAll,
}: {
  calls: readonly ToolCallView[];
  undo: UndoControls;
  label: string;
  /** False while the reply is still running: its next step may rely on what Undo all would take back. */
  offerUndoAll: boolean;
}) {
  const [undoneAll, setUndoneAll] = useState<readonly string[] | null>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  const undoable = calls.flatMap((call) => {
    const state = call.status === 'success' ? undoStateOf(call, undo) : undefined;
    return call.undo && call.status === 'success' && state?.status !== 'done' && state?.status !== 'failed' ? [call.undo.token] : [];
  });
  const statuses = (undoneAll ?? []).map((token) => undo.states.get(token)?.status);
  const finished = undoneAll !== null && statuses.every((status) => status === 'done' || status === 'failed');
  useEffect(() => {
    if (finished) outcome.current?.focus();
  }, [finished]);
  if (calls.length === 0) return null;
  const undoneCount = statuses.filter((status) => status === 'done').length;
  return (
    <div className="tool-pills-group">
      <ul className="tool-pills" aria-label={label}>
        {calls.map((call) => (
          <ToolPill key={call.id} call={call} undo={undo} />
        ))}
      </ul>
      {offerUndoAll && undoable.length >= 2 ? (
        <button
          type="button"
          className="tool-pills-undo-all"
          disabled={undoneAll !== null && !finished}
          onClick={() => {
            const tokens = [...undoable].reverse();
            setUndoneAll(tokens);
            undo.undoAll(tokens);
          }}
        >
          Undo all {undoable.length} changes
        </button>
      ) : null}
      {finished ? (
        <p ref={outcome} tabIndex={-1} role="status" className="tool-pills-outcome">
          {undoneCount === statuses.length ? `All ${undoneCount} changes undone` : `${undoneCount} of ${statuses.length} changes undone`}
        </p>
      ) : null}
    </div>
  );
}
