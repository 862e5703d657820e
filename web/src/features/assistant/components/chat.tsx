import { plainText } from '@shared/rules/plain-text';
import { LOAD_CONVERSATION_FAILED } from '@shared/schemas/chat';
import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import { CloseIcon, HistoryIcon, PlusIcon } from '@/components/ui/icons';
import { SkeletonLines } from '@/components/ui/skeleton';
import { lazyWhenOnline } from '@/lib/lazy-when-online';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-client';
import { NARROW_SCREEN_QUERY } from '../utils/chat-visibility';
import { useCurrentWorkspace, workspaceIdForReads } from '@/lib/current-workspace';
import { useApplyAssistantProposal, useUndoAssistantWrite, useUndoAssistantWrites } from '../api/conversations';
import { useChat } from '../hooks/use-chat';
import { ChatInput } from './chat-input';
import { MessageList } from './message-list';
import { StreamError } from './stream-error';
import { Suggestions } from './suggestions';
import { LazyToolPills } from './lazy-tool-pills';
import type { ApplyState, UndoControls, UndoState } from './tool-pills';
import './assistant.css';

// The panel opens with its history closed: that code loads when the history is first shown.
const ConversationHistory = lazyWhenOnline(() => import('./conversation-history'), 'ConversationHistory');

/** The project the chat is about (the panel on a project's page). */
export interface ChatScope {
  readonly projectId: string;
  readonly projectName: string;
}

const UNDO_FAILED = 'Could not undo';
const APPLY_FAILED = 'Could not apply';

/** The first words of the assistant (spec pages §2): they name the project when the chat is about one. */
export function greetingFor(scope: ChatScope | undefined): string {
  return scope
    ? `Hi! I'm your assistant for ${scope.projectName}. Ask me to add or change its tasks, or how the project is going.`
    : "Hi! I'm your TaskFlow assistant. I can add and update tasks, find what's due, summarise projects and plan your week.";
}

/** Undo presses per token: each token's pill shows its own outcome. */
function useUndoControls(workspaceId: string): UndoControls {
  const undoWrite = useUndoAssistantWrite(workspaceId);
  const undoWrites = useUndoAssistantWrites(workspaceId);
  const [states, setStates] = useState<ReadonlyMap<string, UndoState>>(new Map());
  const set = (tokens: readonly string[], stateOf: (token: string) => UndoState) =>
    setStates((current) => new Map([...current, ...tokens.map((token) => [token, stateOf(token)] as const)]));
  const failed = (error: unknown): UndoState => ({ status: 'failed', message: apiErrorMessage(error, UNDO_FAILED) });
  const undo = (token: string) => {
    set([token], () => ({ status: 'pending' }));
    // Each press's own promise: mutate's per-call callbacks run only for the latest call, so a second Undo
    // pressed before the first answered left the first pill pending.
    undoWrite.mutateAsync(token).then(
      (message) => set([token], () => ({ status: 'done', message })),
      (error: unknown) => set([token], () => failed(error)),
    );
  };
  const undoAll = (tokens: readonly string[]) => {
    set(tokens, () => ({ status: 'pending' }));
    undoWrites.mutateAsync(tokens).then(
      (results) => {
        const outcomes = new Map(results.map((result) => [result.token, result]));
        set(tokens, (token) => {
          const outcome = outcomes.get(token);
          return outcome?.undone ? { status: 'done', message: outcome.message } : { status: 'failed', message: outcome?.message ?? UNDO_FAILED };
        });
      },
      (error: unknown) => set(tokens, () => failed(error)),
    );
  };
  const applyProposal = useApplyAssistantProposal(workspaceId);
  const [applyStates, setApplyStates] = useState<ReadonlyMap<string, ApplyState>>(new Map());
  const setApply = (token: string, state: ApplyState) => setApplyStates((current) => new Map([...current, [token, state]]));
  const apply = (token: string) => {
    setApply(token, { status: 'pending' });
    applyProposal.mutateAsync(token).then(
      (applied) => setApply(token, { status: 'done', message: applied.message, ...(applied.undo ? { undo: applied.undo } : {}) }),
      (error: unknown) => setApply(token, { status: 'failed', message: apiErrorMessage(error, APPLY_FAILED) }),
    );
  };
  return { states, undo, undoAll, applyStates, apply };
}

/**
 * The AI chat (spec pages §2 AI chat screen): history, messages, suggestions, the tool pill strip, errors
 * and the input. The same component is the /ai page and the app shell's right-hand panel.
 */
export function Chat({
  variant,
  scope,
  onClose,
  focusOnOpen = false,
  onFocusTaken,
}: {
  variant: 'page' | 'panel';
  scope?: ChatScope;
  onClose?: () => void;
  /** Put focus in the message box when the chat appears (the user just opened it); then onFocusTaken. */
  focusOnOpen?: boolean;
  onFocusTaken?: () => void;
}) {
  const workspace = useCurrentWorkspace();
  // While the list loads, the saved workspace is assumed (its history loads at once); with none saved,
  // Send waits for the list instead of failing.
  const workspaceId = workspaceIdForReads(workspace) ?? undefined;
  const chat = useChat({ workspaceId, projectId: scope?.projectId });
  const undo = useUndoControls(workspaceId ?? '');
  // Beside the chat on a wide page; over or above it in the panel and on a narrow screen, so closed there at first.
  const historyCovers = () => variant === 'panel' || window.matchMedia(NARROW_SCREEN_QUERY).matches;
  const [historyOpen, setHistoryOpen] = useState(() => !historyCovers());
  const historyId = useId();
  const historyToggle = useRef<HTMLButtonElement>(null);
  const messageBox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!focusOnOpen) return;
    messageBox.current?.focus();
    onFocusTaken?.();
  }, [focusOnOpen, onFocusTaken]);
  // In the panel the open history lies over the chat: focus goes into it, the chat below is inert, and
  // Escape closes it with focus back on the toggle.
  const historyOverChat = historyOpen && variant === 'panel';
  const [openedByToggle, setOpenedByToggle] = useState(false);

  const closeHistory = useCallback(() => {
    setHistoryOpen(false);
    historyToggle.current?.focus();
  }, []);

  const { open } = chat;
  const select = useCallback(
    (conversationId: string | null) => {
      open(conversationId);
      // A choice made in the history closes it where it covers the chat, focus back on its toggle.
      if (historyOpen && historyCovers()) closeHistory();
    },
    // historyCovers reads the screen at the time of the choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [open, variant, historyOpen, closeHistory],
  );

  const empty = chat.messages.length === 0 && !chat.conversationId;
  const title = chat.conversation?.title ?? (chat.conversationId ? 'Conversation' : 'New conversation');

  return (
    <div className={`chat chat-${variant}${historyOpen ? ' chat-history-open' : ''}`}>
      {historyOpen ? (
        <Suspense fallback={<SkeletonLines label="Loading conversations…" lines={4} />}>
          <ConversationHistory
            id={historyId}
            workspaceId={workspaceId}
            selectedId={chat.conversationId}
            onSelect={select}
            onNew={historyOverChat ? () => select(null) : undefined}
            onEscape={historyOverChat ? closeHistory : undefined}
            focusOnShow={historyOverChat && openedByToggle}
          />
        </Suspense>
      ) : null}
      <section className="chat-main" aria-label="AI chat">
        <div className="chat-toolbar">
          <button
            type="button"
            className={`btn btn-ghost btn-icon${historyOpen ? ' is-active' : ''}`}
            aria-label="Conversation history"
            aria-expanded={historyOpen}
            aria-controls={historyOpen ? historyId : undefined}
            title="Conversation history"
            ref={historyToggle}
            onClick={() => {
              setOpenedByToggle(!historyOpen);
              setHistoryOpen(!historyOpen);
            }}
          >
            <HistoryIcon />
          </button>
          <h2 className="chat-title">{title}</h2>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              // The button is disabled on an empty chat: focus goes where the new conversation starts, once the
              // history that may cover the chat (making it inert) has closed.
              flushSync(() => select(null));
              messageBox.current?.focus();
            }}
            disabled={empty}
          >
            <PlusIcon /> New Chat
          </Button>
          {onClose ? (
            <button type="button" className="btn btn-ghost btn-icon" aria-label="Close AI chat" title="Close" onClick={onClose}>
              <CloseIcon />
            </button>
          ) : null}
        </div>

        <div className="chat-body" inert={historyOverChat}>
          {chat.conversationFailed ? (
            <div role="alert" className="chat-error">
              <span>{LOAD_CONVERSATION_FAILED}</span>
              <Button size="sm" onClick={chat.reloadConversation}>
                Retry
              </Button>
            </div>
          ) : null}
          {chat.conversationLoading ? (
            <div className="chat-loading">
              <SkeletonLines label="Loading conversation…" lines={4} />
            </div>
          ) : (
            <MessageList greeting={greetingFor(scope)} messages={chat.messages} undo={undo} inStrip={new Set(chat.toolCalls.map((call) => call.id))} />
          )}

          <LazyToolPills calls={chat.toolCalls} undo={undo} label="Tool calls" offerUndoAll={chat.status === 'ready'} />
          {chat.status === 'submitted' ? (
            <p className="chat-thinking" role="status">
              <Spinner size="sm" /> Thinking…
            </p>
          ) : null}
          {chat.error ? (
            <StreamError error={chat.error} retryAttempt={chat.retryAttempt} canRetry={!chat.busy && chat.lastMessage !== null} onRetry={chat.retry} />
          ) : null}
          {empty ? <Suggestions onPick={chat.submit} disabled={chat.busy} /> : null}
          <ChatInput busy={chat.busy} waiting={!workspaceId && workspace.loading} onSend={chat.submit} onStop={chat.stop} inputRef={messageBox} />
        </div>
        <div className="visually-hidden" aria-live="polite">
          {chat.finishedReply ? `Assistant: ${plainText(chat.finishedReply).slice(0, 500)}` : ''}
        </div>
      </section>
    </div>
  );
}
