import type { ToolCallView } from '@shared/schemas/chat';
import { CheckIcon, CloseIcon } from '@/components/ui/icons';

/** What became of an Undo pressed on a pill: under way, done (with the server's words) or refused. */
export type UndoState = { status: 'pending' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

export interface UndoControls {
  readonly states: ReadonlyMap<string, UndoState>;
  readonly undo: (token: string) => void;
}

const statusLabels: Record<ToolCallView['status'], string> = { pending: 'Running', success: 'Done', error: 'Failed' };

/** One tool call: a green check, a red mark or a yellow pulse (spec pages §2), what it did, and its Undo. */
export function ToolPill({ call, undo }: { call: ToolCallView; undo: UndoControls }) {
  // An undo used before this conversation was loaded comes with what it did.
  const undoState = call.undo ? (undo.states.get(call.undo.token) ?? (call.undo.undone === undefined ? undefined : { status: 'done', message: call.undo.undone })) : undefined;
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

/** A row of tool pills (the strip of the reply in flight, or the calls a stored reply made). */
export function ToolPills({ calls, undo, label }: { calls: readonly ToolCallView[]; undo: UndoControls; label: string }) {
  if (calls.length === 0) return null;
  return (
    <ul className="tool-pills" aria-label={label}>
      {calls.map((call) => (
        <ToolPill key={call.id} call={call} undo={undo} />
      ))}
    </ul>
  );
}
