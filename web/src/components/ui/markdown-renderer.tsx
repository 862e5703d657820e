import { createContext, useContext, type ReactNode } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { remarkMentions } from './remark-mentions';
import './markdown.css';

/**
 * How markdown is shown: in full (links work), as a card's preview (plain text the card's own link covers),
 * or as an assistant's reply: in full, with the whole address of every link whose text is not its address
 * (the model may repeat a link someone planted in a task or note, under words that hide where it goes).
 */
export type MarkdownVariant = 'full' | 'preview' | 'reply';

export const REMOTE_IMAGE_TITLE = 'Remote image, not loaded (notes never fetch images from other sites)';

/** A host no address can name: what a relative address resolves against to tell whether it leaves the app. */
const SAME_ORIGIN = 'https://same-origin.invalid/';

/**
 * True for an image address of this app itself (a relative path). Protocol-relative (`//host`) and
 * backslash (`/\host`) forms resolve to another host, so they count as remote like http(s) addresses.
 */
export function isSameOriginImage(src: string): boolean {
  try {
    return new URL(src, SAME_ORIGIN).origin === new URL(SAME_ORIGIN).origin;
  } catch {
    return false;
  }
}

/** Ticks a checklist item: the offset in the markdown where its list item starts, and the new state. */
export type ToggleTaskItem = (offset: number, checked: boolean) => void;

/** How a rendered checklist may be ticked (absent: its boxes are only shown). */
const TaskToggleContext = createContext<ToggleTaskItem | undefined>(undefined);
/** The list item a checklist box belongs to: where it starts in the markdown, and its text (the box's name). */
const TaskItemContext = createContext<{ offset: number; label: string } | undefined>(undefined);

/** The text of a rendered node and what it holds. */
function textOf(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const { type, value, children } = node as { type?: string; value?: unknown; children?: unknown[] };
  if (type === 'text' && typeof value === 'string') return value;
  return Array.isArray(children) ? children.map(textOf).join('') : '';
}

/** A GFM checklist box: ticked in place where the owner allows it, else only shown. */
function TaskBox({ checked }: { checked: boolean }) {
  const toggle = useContext(TaskToggleContext);
  const item = useContext(TaskItemContext);
  if (!toggle || !item) return <input type="checkbox" checked={checked} disabled aria-label={item?.label || 'Task item'} />;
  return <input type="checkbox" className="markdown-task-box" checked={checked} aria-label={item.label || 'Task item'} onChange={(event) => toggle(item.offset, event.target.checked)} />;
}

/** The element of each markdown heading level, `#` first. */
const headingTags = ['h3', 'h4', 'h5', 'h6', 'h6', 'h6'] as const;

/**
 * A note's or a reply's headings sit inside a page, a dialog or a panel that has its own h1 and h2: they
 * start at h3 (a markdown `#` is an h3 styled as the largest), so the page keeps one h1 and a sane outline.
 * A card's preview has no headings at all, only bold lines: the card itself is the link to open.
 */
function headings(preview: boolean): Components {
  return Object.fromEntries(
    headingTags.map((Tag, index) => {
      const level = index + 1;
      const className = `markdown-heading markdown-h${level}`;
      return [`h${level}`, ({ children }: { children?: ReactNode }) => (preview ? <p className={className}>{children}</p> : <Tag className={className}>{children}</Tag>)];
    }),
  );
}

function components(variant: MarkdownVariant): Components {
  const preview = variant === 'preview';
  return {
    ...headings(preview),
    // Links leave the app in a new tab, without handing it our window (noopener) or the page address. One
    // whose address the filter emptied stays plain text: an empty href would open this very page. In a
    // preview the whole card is the link, so links are only marked as such. In a reply, the address is part
    // of the link's text (and so of its name) wherever the words differ from it.
    a: ({ node, href, children, ...props }) =>
      href && !preview ? (
        <a href={href} {...props} target="_blank" rel="noopener noreferrer">
          {children}
          {variant === 'reply' && textOf(node) !== href ? <span className="markdown-link-target"> ({href})</span> : null}
        </a>
      ) : (
        <span className={href ? 'markdown-link' : undefined}>{children}</span>
      ),
    // A wide table scrolls in its own box (focusable and named, so the keyboard can scroll it) instead of
    // widening the page; a preview's card clips it and stays one tab stop.
    table: ({ node: _node, ...props }) =>
      preview ? (
        <table {...props} />
      ) : (
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a wide table scrolls in its box, which the keyboard must reach to scroll it (axe: scrollable-region-focusable)
        <div className="markdown-table" role="region" aria-label="Table" tabIndex={0}>
          <table {...props} />
        </div>
      ),
    // Only images of the app itself load: a remote image would tell its host who read the note and when
    // (a tracking pixel). It becomes a link to the image, named by its alt text. An address the filter
    // emptied is dropped: the browser would fetch the page itself as the image.
    img: ({ node: _node, src, alt, ...props }) => {
      if (!src) return null;
      if (isSameOriginImage(src)) return <img src={src} alt={alt ?? ''} {...props} />;
      const label = `Image: ${alt || src}`;
      return preview ? (
        <span className="markdown-link">{label}</span>
      ) : (
        <a href={src} className="markdown-remote-image" title={REMOTE_IMAGE_TITLE} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      );
    },
    // GFM task-list boxes: shown, or ticked in place where the owner passes `onToggleTask` (a note as it is
    // read); each is named by its item's text.
    input: ({ node: _node, type, checked }) => (type === 'checkbox' ? <TaskBox checked={checked ?? false} /> : null),
    li: ({ node, children, ...props }) => {
      const offset = node?.position?.start.offset;
      const item = <li {...props}>{children}</li>;
      return props.className?.includes('task-list-item') && offset !== undefined ? (
        <TaskItemContext.Provider value={{ offset, label: textOf(node).trim() }}>{item}</TaskItemContext.Provider>
      ) : (
        item
      );
    },
  };
}

const componentsOf: Record<MarkdownVariant, Components> = { full: components('full'), preview: components('preview'), reply: components('reply') };

/**
 * Renders user-written GitHub-flavoured markdown (tables, task lists, autolinks, strikethrough) safely
 * (spec core §5): raw HTML is dropped, and link addresses keep only the schemes http, https, irc, ircs,
 * mailto and xmpp or relative addresses, which is exactly react-markdown's defaultUrlTransform (anything
 * else becomes an empty address, rendered as no link); images load only from the app itself. Loaded on
 * demand through MarkdownContent (markdown.tsx).
 */
export function MarkdownRenderer({
  children,
  className,
  variant = 'full',
  onToggleTask,
  mentionName,
}: {
  children: string;
  className?: string | undefined;
  variant?: MarkdownVariant | undefined;
  /** Makes checklist boxes tickable (full variant only). */
  onToggleTask?: ToggleTaskItem | undefined;
  /** Shows `@[userId]` mention tokens as the bold `@Name` this gives (see remark-mentions.ts). */
  mentionName?: ((userId: string) => string | undefined) | undefined;
}) {
  return (
    <div className={['markdown', variant === 'preview' ? 'markdown-preview' : undefined, className].filter(Boolean).join(' ')}>
      <TaskToggleContext.Provider value={variant === 'preview' ? undefined : onToggleTask}>
        <Markdown skipHtml remarkPlugins={mentionName ? [remarkGfm, remarkMentions(mentionName)] : [remarkGfm]} urlTransform={defaultUrlTransform} components={componentsOf[variant]}>
          {children}
        </Markdown>
      </TaskToggleContext.Provider>
    </div>
  );
}
