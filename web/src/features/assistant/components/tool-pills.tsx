import type { ToolCallView } from '@shared/schemas/chat';
import { CheckIcon, CloseIcon } from '@/components/ui/icons';

/** What became of an Undo pressed on a pill: under way, done (with the server's words) or refused. */
export type UndoState = { status: 'pending' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

export interface UndoControls {
  readonly states: ReadonlyMap<string, UndoState>;
  readonly undo: (token: string) => void;
  /** Undoes these writes one after another, in the order given. */
  readonly undoAll: (tokens: readonly string[]) => void;
}

const statusLabels: Record<ToolCallView['status'], string> = { pending: 'Running', success: 'Done', error: 'Failed' };

/** One tool call: a green check, a red mark or a yellow pulse (spec pages §2), what it did, and its Undo. */
/** Where a call's Undo stands: an undo used before this conversation was loaded comes with what it did. */
function undoStateOf(call: ToolCallView, undo: UndoControls): UndoState | undefined {
  if (!call.undo) return undefined;
  return undo.states.get(call.undo.token) ?? (call.undo.undone === undefined ? undefined : { status: 'done', message: call.undo.undone });
}

export function ToolPill({ call, undo }: { call: ToolCallView; undo: UndoControls }) {
  const undoState = undoStateOf(call, undo);
  return (
    <li className={`tool-pill tool-pill-${call.status}`}>
      <span className="tool-pill-icon">
        {call.status === 'success' ? <CheckIcon /> : call.status === 'error' ? <CloseIcon /> : <span className="tool-pill-pulse" />}
        <span className="visually-hidden">{statusLabels[call.status]}: </span>
      </span>
      <span className="tool-pill-text">{call.message || call.name}</span>
      {call.status === 'success' && call.undo ? (
        undoState?.status === 'done' ? (
          <span className="tool-pill-note">{undoState.message}</span>
        ) : (
          <button
            type="button"
            className="tool-pill-undo"
            aria-label={`Undo: ${call.message || call.name}`}
            disabled={undoState?.status === 'pending'}
            onClick={() => call.undo && undo.undo(call.undo.token)}
          >
            Undo
          </button>
        )
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
 * once two or more of its changes can still be undone: newest first, so each undo finds its item as the
 * write it takes back left it.
 */
export function ToolPills({ calls, undo, label }: { calls: readonly ToolCallView[]; undo: UndoControls; label: string }) {
  if (calls.length === 0) return null;
  const undoable = calls.flatMap((call) => (call.status === 'success' && call.undo && undoStateOf(call, undo)?.status !== 'done' ? [call.undo.token] : []));
  const settled = calls.every((call) => call.status !== 'pending');
  const undoing = undoable.some((token) => undo.states.get(token)?.status === 'pending');
  return (
    <>
      <ul className="tool-pills" aria-label={label}>
        {calls.map((call) => (
          <ToolPill key={call.id} call={call} undo={undo} />
        ))}
      </ul>
      {settled && undoable.length >= 2 ? (
        <button type="button" className="tool-pills-undo-all" disabled={undoing} onClick={() => undo.undoAll([...undoable].reverse())}>
          Undo all {undoable.length} changes
        </button>
      ) : null}
    </>
  );
}
