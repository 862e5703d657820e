import type { ProjectSummary, TaskView } from '@shared/schemas/project';
import { ColorDot } from '../color-dot';
import { TaskCard } from '../task-board/task-card';

/** The kanban view of /tasks: one column per project, in the projects' order (favourites first). */
export function TaskKanban({ projects, tasks }: { projects: readonly ProjectSummary[]; tasks: readonly TaskView[] }) {
  return (
    <div className="task-kanban">
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
                    <TaskCard task={task} />
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
