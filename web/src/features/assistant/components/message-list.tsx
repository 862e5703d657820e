import { useEffect, useRef } from 'react';
import { MarkdownContent } from '@/components/ui/markdown';
import type { ShownMessage } from '../utils/visible-messages';
import { LazyToolPills } from './lazy-tool-pills';
import type { UndoControls } from './tool-pills';

/**
 * The conversation: the greeting, then each message (the assistant's as markdown, with the tools it used).
 * It follows the newest words while the reader is at the bottom, and leaves them be when they scrolled up.
 */
export function MessageList({
  greeting,
  messages,
  undo,
  inStrip,
}: {
  greeting: string;
  messages: readonly ShownMessage[];
  undo: UndoControls;
  /** Tool calls the pill strip shows right now: a stored reply shows its own once the strip lets them go. */
  inStrip: ReadonlySet<string>;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const pinnedToBottom = useRef(true);
  const lastContent = messages.at(-1)?.content;

  useEffect(() => {
    const list = listRef.current;
    if (list && pinnedToBottom.current) list.scrollTop = list.scrollHeight;
  }, [messages.length, lastContent]);

  return (
    <div
      ref={listRef}
      className="chat-messages"
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- the conversation scrolls in its box, which the keyboard must reach to scroll it (axe: scrollable-region-focusable)
      tabIndex={0}
      aria-label="Messages"
      role="region"
      onScroll={(event) => {
        const list = event.currentTarget;
        pinnedToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
      }}
    >
      <ol className="chat-message-list">
        <li className="chat-message chat-message-assistant">
          <span className="visually-hidden">Assistant: </span>
          <p className="chat-bubble">{greeting}</p>
        </li>
        {messages.map((message) => (
          <li key={message.id} className={`chat-message chat-message-${message.role}`} aria-busy={message.streaming || undefined}>
            <span className="visually-hidden">{message.role === 'user' ? 'You: ' : 'Assistant: '}</span>
            {message.role === 'assistant' ? (
              <div className="chat-bubble">
                {message.content ? <MarkdownContent className="chat-markdown" variant="reply">{message.content}</MarkdownContent> : null}
                {message.streaming ? <span className="chat-cursor" aria-hidden="true" /> : null}
                <LazyToolPills calls={message.toolCalls.filter((call) => !inStrip.has(call.id))} undo={undo} label="What the assistant did" offerUndoAll={!message.streaming} />
              </div>
            ) : (
              <p className="chat-bubble">{message.content}</p>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
