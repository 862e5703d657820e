import { useEffect, useRef, useState } from 'react';
import { WEEK_PREVIEW_TOOL, type ToolCallView, type ToolUndo } from '@shared/schemas/chat';
import { CheckIcon, CloseIcon, HistoryIcon, PencilIcon } from '@/components/ui/icons';
import { WeekPreview } from './week-preview';

/** What became of an Undo pressed on a pill: under way, done (with the server's words) or refused. */
export type UndoState = { status: 'pending' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

/** What became of an Apply pressed on a proposed write: under way, made (with its words and Undo) or refused. */
export type ApplyState = { status: 'pending' } | { status: 'done'; message: string; undo?: ToolUndo } | { status: 'failed'; message: string };

/** The pills' buttons: Undo of a write, Undo all of a reply, and Apply of a proposed write. */
export interface UndoControls {
  readonly states: ReadonlyMap<string, UndoState>;
  readonly undo: (token: string) => void;
  /** Undoes these writes one after another, in the order given. */
  readonly undoAll: (tokens: readonly string[]) => void;
  readonly applyStates: ReadonlyMap<string, ApplyState>;
  readonly apply: (token: string) => void;
}

const statusLabels: Record<ToolCallView['status'], string> = { pending: 'Running', success: 'Done', error: 'Failed', proposed: 'Proposed' };

/** A proposal kept unapplied past its lifetime (24 hours): the server answers it without a token to apply. */
export const PROPOSAL_EXPIRED = 'Expired without being applied. Ask the assistant again to propose it anew.';

/** A proposed write once applied (here, or before the conversation was loaded) is shown as the write it became. */
function shownCall(call: ToolCallView, controls: UndoControls): ToolCallView {
  if (call.status !== 'proposed' || !call.proposal) return call;
  const state = controls.applyStates.get(call.proposal.token);
  const applied = state?.status === 'done' ? state : call.proposal.applied;
  return applied ? { ...call, status: 'success', message: applied.message, ...(applied.undo ? { undo: applied.undo } : {}) } : call;
}

/** Where a call's Undo stands: an undo used before this conversation was loaded comes with what it did. */
function undoStateOf(call: ToolCallView, undo: UndoControls): UndoState | undefined {
  if (!call.undo) return undefined;
  return undo.states.get(call.undo.token) ?? (call.undo.undone === undefined ? undefined : { status: 'done', message: call.undo.undone });
}

/**
 * One tool call: a green check, a red mark, a yellow pulse (spec pages §2) or a pencil for a proposed write (with
 * its Apply), what it did, and its Undo; once undone, what the undo did in its place, marked as taken back.
 */
export function ToolPill({ call: stored, undo }: { call: ToolCallView; undo: UndoControls }) {
  const call = shownCall(stored, undo);
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
        {call.status === 'success' ? <CheckIcon /> : call.status === 'error' ? <CloseIcon /> : call.status === 'proposed' ? <PencilIcon /> : <span className="tool-pill-pulse" />}
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
      {call.status === 'proposed' && call.proposal ? <ApplyButton call={call} token={call.proposal.token} controls={undo} /> : null}
      {call.status === 'proposed' && !call.proposal ? <span className="tool-pill-note">{PROPOSAL_EXPIRED}</span> : null}
      {undoState?.status === 'failed' ? (
        <span className="tool-pill-note tool-pill-note-error" role="alert">
          {undoState.message}
        </span>
      ) : null}
    </li>
  );
}

/** Apply of a proposed write, and why it was refused when it was (it stays to be applied again). */
function ApplyButton({ call, token, controls }: { call: ToolCallView; token: string; controls: UndoControls }) {
  const state = controls.applyStates.get(token);
  return (
    <>
      <button type="button" className="tool-pill-undo" aria-label={`Apply: ${call.message}`} disabled={state?.status === 'pending'} onClick={() => controls.apply(token)}>
        Apply
      </button>
      {state?.status === 'failed' ? (
        <span className="tool-pill-note tool-pill-note-error" role="alert">
          {state.message}
        </span>
      ) : null}
    </>
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
  const undoable = calls.map((call) => shownCall(call, undo)).flatMap((call) => {
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
      {calls.map((call) => (call.name === WEEK_PREVIEW_TOOL && call.status === 'success' ? <WeekPreview key={call.id} result={call.result} /> : null))}
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
