import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { TaskDialog } from '../dialogs/task-dialog';
import { useProjectDetailContext } from './project-detail-context';

/**
 * The Edit Task dialog of /projects/:projectId/tasks/:taskId. Closing it (Escape, Cancel, after a save or a
 * delete) goes back to the project; a task id the project does not hold redirects there at once.
 */
export function ProjectTaskDialog() {
  const { project, items, removeTask } = useProjectDetailContext();
  const { taskId } = useParams();
  const navigate = useNavigate();
  const projectHref = paths.app.project.getHref(project.id);
  const task = items.tasks.find((candidate) => candidate.id === taskId);

  if (!task) return <Navigate to={projectHref} replace />;

  const close = () => void navigate(projectHref);
  return (
    <TaskDialog
      key={task.id}
      mode="edit"
      workspaceId={project.workspaceId}
      projectId={project.id}
      task={task}
      onDelete={() => {
        close();
        removeTask(task);
      }}
      onClose={close}
    />
  );
}
