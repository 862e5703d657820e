import { useEffect, useState } from 'react';
import type { ConversationView } from '@shared/schemas/chat';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { PencilIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { apiErrorMessage } from '@/lib/api-client';
import { DELETE_CONVERSATION_FAILED, FETCH_CONVERSATIONS_FAILED, RENAME_CONVERSATION_FAILED, useConversations, useDeleteConversation, useRenameConversation } from '../api/conversations';
import { conversationDateLabel } from '../utils/conversation-date';
import { SkeletonLines } from '@/components/ui/skeleton';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The title in place: Enter (or leaving the field) saves a changed title, Escape keeps the old one. */
function RenameField({ conversation, onDone }: { conversation: ConversationView; onDone: (title: string | null) => void }) {
  const [title, setTitle] = useState(conversation.title);
  const fieldId = `rename-${conversation.id}`;
  const finish = (save: boolean) => {
    const trimmed = title.trim();
    onDone(save && trimmed && trimmed !== conversation.title ? trimmed : null);
  };
  return (
    <div className="history-rename">
      <label htmlFor={fieldId} className="history-rename-label">
        Rename conversation
      </label>
      <input
        id={fieldId}
        className="input"
        value={title}
        maxLength={100}
        // The field appears because the user asked to rename: focus belongs in it.
        // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the field appears because the user asked to rename: focus belongs in it
        autoFocus
        onChange={(event) => setTitle(event.target.value)}
        onBlur={() => finish(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            finish(true);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            finish(false);
          }
        }}
      />
    </div>
  );
}

/**
 * The conversation history (spec pages §2): the user's conversations in the workspace, newest first, with
 * when each was last active; choose one to open it, rename it in place, or delete it after a confirmation.
 */
export function ConversationHistory({
  id,
  workspaceId,
  selectedId,
  onSelect,
  onNew,
  onEscape,
  focusOnShow = false,
}: {
  id: string;
  workspaceId: string | undefined;
  selectedId: string | null;
  onSelect: (conversationId: string | null) => void;
  /** Where the history covers the chat, its own New Chat (beside the chat, the chat's toolbar has one). */
  onNew?: (() => void) | undefined;
  /** Where the history covers the chat: Escape inside it closes it. */
  onEscape?: (() => void) | undefined;
  /** Opened over the chat by its toggle: focus goes to the history's first button when it shows. */
  focusOnShow?: boolean;
}) {
  const conversations = useConversations(workspaceId);
  const rename = useRenameConversation(workspaceId ?? '');
  const remove = useDeleteConversation(workspaceId ?? '');
  const { confirm, dialog } = useConfirm();
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const now = new Date();
  useEffect(() => {
    if (focusOnShow) document.getElementById(id)?.querySelector<HTMLElement>('button:not(:disabled)')?.focus();
  }, [focusOnShow, id]);

  const onRenamed = (conversation: ConversationView, title: string | null) => {
    setRenamingId(null);
    if (!title) return;
    setActionError(null);
    rename.mutate({ conversationId: conversation.id, title }, { onError: (error) => setActionError(apiErrorMessage(error, RENAME_CONVERSATION_FAILED)) });
  };

  const onDelete = async (conversation: ConversationView) => {
    if (!(await confirm({ message: 'Are you sure you want to delete this conversation?', title: 'Delete conversation', confirmLabel: 'Delete', danger: true }))) return;
    setActionError(null);
    remove.mutate(conversation.id, {
      onSuccess: () => {
        if (conversation.id === selectedId) onSelect(null);
      },
      onError: (error) => setActionError(apiErrorMessage(error, DELETE_CONVERSATION_FAILED)),
    });
  };

  let body;
  if (!workspaceId) body = <p className="history-empty">Select a workspace to view conversations</p>;
  else if (conversations.isPending) {
    body = (
      <SkeletonLines label="Loading conversations…" lines={4} />
    );
  } else if (conversations.isError) {
    body = (
      <div role="alert" className="history-empty">
        <p>{FETCH_CONVERSATIONS_FAILED}</p>
        <Button size="sm" onClick={() => void conversations.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (conversations.data.length === 0) body = <p className="history-empty">No conversations yet. Start a new one!</p>;
  else {
    body = (
      <ul className="history-list">
        {conversations.data.map((conversation) => (
          <li key={conversation.id} className={`history-item${conversation.id === selectedId ? ' is-selected' : ''}`}>
            {renamingId === conversation.id ? (
              <RenameField conversation={conversation} onDone={(title) => onRenamed(conversation, title)} />
            ) : (
              <>
                <button
                  type="button"
                  className="history-open"
                  aria-current={conversation.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(conversation.id)}
                >
                  <span className="history-title">{conversation.title}</span>
                  <span className="history-date">{conversationDateLabel(conversation.updatedAt, now, timeZone())}</span>
                </button>
                <div className="history-actions">
                  <button type="button" className="btn btn-ghost btn-icon btn-sm" aria-label={`Rename ${conversation.title}`} title="Rename" onClick={() => setRenamingId(conversation.id)}>
                    <PencilIcon />
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-icon btn-sm"
                    aria-label={`Delete ${conversation.title}`}
                    title="Delete"
                    onClick={() => void onDelete(conversation)}
                  >
                    <TrashIcon />
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- Escape in the history closes the drawer it is shown in; its entries stay native buttons
    <nav
      id={id}
      className="chat-history"
      aria-label="Conversation history"
      onKeyDown={(event) => {
        // Escape closes the history where it covers the chat, but not from a rename or a confirmation in it.
        if (event.key !== 'Escape' || !onEscape || event.defaultPrevented || (event.target as Element).closest('dialog')) return;
        event.preventDefault();
        onEscape();
      }}
    >
      <div className="chat-history-top">
        <h2 className="chat-history-title">History</h2>
        {onNew ? (
          <Button size="sm" onClick={onNew} disabled={!workspaceId}>
            <PlusIcon /> New Chat
          </Button>
        ) : null}
      </div>
      {actionError ? (
        <p role="alert" className="history-error">
          {actionError}
        </p>
      ) : null}
      {body}
      {dialog}
    </nav>
  );
}
