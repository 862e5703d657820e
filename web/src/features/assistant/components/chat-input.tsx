import { useId, useLayoutEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@shared/schemas/chat';
import { SendIcon, StopIcon } from '@/components/ui/icons';

/** The input grows with its text between these heights (spec pages §9). */
export const INPUT_MIN_HEIGHT = 53;
export const INPUT_MAX_HEIGHT = 120;

/**
 * The message box: Enter sends, Shift+Enter adds a line, Escape stops a reply. Send is disabled while the
 * text is blank or longer than the server takes (the hint says so), a reply is on its way (Stop Stream shows
 * then) or the workspace is still being found (`waiting`: what is typed stays until it can go).
 */
export function ChatInput({
  busy,
  waiting = false,
  onSend,
  onStop,
  inputRef,
}: {
  busy: boolean;
  waiting?: boolean;
  /** False when the message could not go: the box keeps it. */
  onSend: (text: string) => boolean;
  onStop: () => void;
  /** The message box, for the chat to put focus in it (after New Chat). */
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const [text, setText] = useState('');
  const inputId = useId();
  const hintId = useId();
  const blank = text.trim() === '';
  const tooLong = text.trim().length > CHAT_MESSAGE_MAX_LENGTH;

  // Measured again when Stop Stream comes or goes too: the box's width changes with it, and with it the wrapping.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.style.height = 'auto';
    input.style.height = `${Math.min(INPUT_MAX_HEIGHT, Math.max(INPUT_MIN_HEIGHT, input.scrollHeight))}px`;
  }, [text, busy, inputRef]);

  const send = () => {
    if (blank || tooLong || busy || waiting) return;
    if (onSend(text)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === 'Escape' && busy) {
      event.preventDefault();
      onStop();
    }
  };

  return (
    <form
      className="chat-input"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={inputId} className="chat-input-label">
        Message
      </label>
      <div className="chat-input-row">
        <textarea
          ref={inputRef}
          id={inputId}
          className="chat-input-text"
          rows={1}
          value={text}
          placeholder="Ask the assistant to add, change or find tasks…"
          aria-describedby={hintId}
          aria-invalid={tooLong || undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="chat-input-actions">
          {busy ? (
            <button
              type="button"
              className="btn btn-secondary chat-send"
              onClick={() => {
                onStop();
                // The button goes with the reply: focus stays where the next message is typed.
                inputRef.current?.focus();
              }}
            >
              <StopIcon /> Stop Stream
            </button>
          ) : null}
          <button type="submit" className="btn btn-primary chat-send" disabled={blank || tooLong || busy || waiting}>
            <SendIcon /> Send
          </button>
        </div>
      </div>
      {tooLong ? (
        // The alert is said once, when the text goes over; the count beside it changes without being said.
        <p id={hintId} className="chat-input-hint chat-input-error">
          <span role="alert">Message must be at most {CHAT_MESSAGE_MAX_LENGTH} characters</span> ({text.trim().length} now)
        </p>
      ) : (
        <p id={hintId} className="chat-input-hint">
          {waiting ? 'Finding your workspace…' : `Enter to send, Shift+Enter for a new line${busy ? ', Escape to stop' : ''}`}
        </p>
      )}
    </form>
  );
}
