import type { ReactNode } from 'react';
import type { TaskViewMode } from '@shared/schemas/profile';
import { Button } from '@/components/ui/button';
import './task-view-toggle.css';

const toggled: readonly { view: TaskViewMode; label: string }[] = [
  { view: 'list', label: 'List' },
  { view: 'kanban', label: 'Kanban' },
];

/**
 * The List/Kanban toggle of /tasks and the project's Tasks tab: a group named "View" of two buttons, the
 * one shown pressed. `children` join the group (/tasks's Compact, for its list).
 */
export function TaskViewToggle({ view, onChange, children }: { view: TaskViewMode; onChange: (view: TaskViewMode) => void; children?: ReactNode }) {
  return (
    <div className="tasks-view-toggle" role="group" aria-label="View">
      {toggled.map((option) => (
        <Button key={option.view} size="sm" variant={view === option.view ? 'primary' : 'ghost'} aria-pressed={view === option.view} onClick={() => onChange(option.view)}>
          {option.label}
        </Button>
      ))}
      {children}
    </div>
  );
}
