import { lazy, Suspense } from 'react';
import { showMentions } from '@shared/rules/mentions';
import type { MarkdownVariant, ToggleTaskItem } from './markdown-renderer';

const MarkdownRenderer = lazy(async () => ({ default: (await import('./markdown-renderer')).MarkdownRenderer }));

/**
 * User-written markdown, rendered safely (see markdown-renderer.tsx). The renderer is a chunk of its own,
 * loaded with the first note shown; until then the text shows as it was written, line by line.
 */
export function MarkdownContent({
  children,
  className,
  variant,
  onToggleTask,
  mentionName,
}: {
  children: string;
  className?: string;
  variant?: MarkdownVariant;
  /** Makes checklist boxes tickable: called with where the item starts in the markdown and its new state. */
  onToggleTask?: ToggleTaskItem;
  /** Shows `@[userId]` mention tokens as the bold `@Name` this gives, each name as plain text. */
  mentionName?: (userId: string) => string | undefined;
}) {
  const classes = ['markdown', variant === 'preview' ? 'markdown-preview' : undefined, className];
  return (
    // The renderer's styles come with it: the text keeps its own line breaks meanwhile, not one run-on line.
    <Suspense fallback={<div className={[...classes, 'markdown-loading'].filter(Boolean).join(' ')} style={{ whiteSpace: 'pre-wrap' }}>{mentionName ? showMentions(children, mentionName) : children}</div>}>
      <MarkdownRenderer className={className} variant={variant} onToggleTask={onToggleTask} mentionName={mentionName}>
        {children}
      </MarkdownRenderer>
    </Suspense>
  );
}
