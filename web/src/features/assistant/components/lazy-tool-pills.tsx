import { lazy, Suspense, type ComponentProps } from 'react';

const ToolPills = lazy(() => import('./tool-pills').then((module) => ({ default: module.ToolPills })));

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
