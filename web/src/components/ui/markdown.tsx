import { lazy, Suspense } from 'react';

const MarkdownRenderer = lazy(async () => ({ default: (await import('./markdown-renderer')).MarkdownRenderer }));

/**
 * User-written markdown, rendered safely (see markdown-renderer.tsx). The renderer is a chunk of its own,
 * loaded with the first note shown; until then the text shows as it was written.
 */
export function MarkdownContent({ children, className }: { children: string; className?: string }) {
  return (
    <Suspense fallback={<div className={['markdown markdown-loading', className].filter(Boolean).join(' ')}>{children}</div>}>
      <MarkdownRenderer className={className}>{children}</MarkdownRenderer>
    </Suspense>
  );
}
