import { Suspense, type ComponentProps } from 'react';
import { lazyWhenOnline } from '@/lib/lazy-when-online';

const ToolPills = lazyWhenOnline(() => import('./tool-pills'), 'ToolPills');

/**
 * The tool pills, loaded with the first reply that used a tool: a new chat (the panel on every first load
 * of the desktop layout) has none, so their code stays out of that load.
 */
export function LazyToolPills(props: ComponentProps<typeof ToolPills>) {
  if (props.calls.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToolPills {...props} />
    </Suspense>
  );
}
