import { useId, type KeyboardEventHandler } from 'react';
import type { ProjectSummary, TaskView } from '@shared/schemas/project';
import { ColorDot } from '../color-dot';
import { ActionableTaskCard, CardShortcutsHint, type CardActions } from '../task-board/actionable-task-card';

/**
 * The kanban view of /tasks: one column per project, in the projects' order (favourites first). Its cards
 * change status with Move to… and the completion checkbox, one Tab stop each, like the project board's, and
 * are selected for a bulk edit as there (each card reads its state from TaskSelectionContext; `anySelected`
 * shows every card's box; `onKeyDown` takes the selection's Ctrl/⌘+A and Escape).
 */
export function TaskKanban({
  projects,
  tasks,
  actions,
  anySelected,
  onKeyDown,
}: {
  projects: readonly ProjectSummary[];
  tasks: readonly TaskView[];
  actions: CardActions;
  anySelected: boolean;
  onKeyDown: KeyboardEventHandler;
}) {
  const hintId = useId();
  return (
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- the selection keys (Ctrl/⌘+A, Escape) act on the cards, which have the focus; the view itself takes none
    <div className={anySelected ? 'task-kanban has-selection' : 'task-kanban'} onKeyDown={onKeyDown}>
      <CardShortcutsHint id={hintId} />
      {projects.map((project) => {
        const own = tasks.filter((task) => task.projectId === project.id);
        return (
          <section key={project.id} className="task-kanban-column" aria-label={project.name}>
            <h2 className="task-kanban-title">
              <ColorDot color={project.color} />
              {project.name} <span className="muted">({own.length})</span>
            </h2>
            {own.length === 0 ? (
              <p className="muted">No tasks</p>
            ) : (
              <ul className="task-kanban-cards">
                {own.map((task) => (
                  <li key={task.id}>
                    <ActionableTaskCard task={task} hintId={hintId} actions={actions} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
