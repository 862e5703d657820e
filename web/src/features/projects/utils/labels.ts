import type { Priority } from '@shared/schemas/project';

export const priorityLabels: Record<Priority, string> = { low: 'Low', medium: 'Medium', high: 'High' };
