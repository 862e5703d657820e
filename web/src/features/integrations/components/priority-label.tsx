import type { Priority } from '@shared/schemas/project';

export const priorityNames: Record<Priority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/** A priority as a coloured badge (spec pages §3: high red, medium yellow, low blue). */
export function PriorityLabel({ priority }: { priority: Priority }) {
  return <span className={`integration-priority integration-priority-${priority}`}>{priorityNames[priority]} priority</span>;
}
