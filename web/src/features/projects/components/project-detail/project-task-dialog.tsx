import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CloseWithMessage, OpenItemDialog } from '../dialogs/open-item-dialog';
import { TaskDialog } from '../dialogs/task-dialog';
import { TaskView } from '../dialogs/task-view';
import { useProjectDetailContext } from './project-detail-context';

export const TASK_NOT_FOUND = 'Task not found: it was deleted, or the link is wrong.';

/**
 * The task of /projects/:projectId/tasks/:taskId: shown (the task view, its facts edited in place), or in
 * the Edit Task form after "Edit all fields". Closing it (Escape, Cancel, after a save or a delete) goes back
 * to the project; a task id the project does not hold goes back there at once and says 'Task not found', and
 * a task someone else deletes while it is open closes it with a message.
 */
export function ProjectTaskDialog() {
  const { project, items, removeTask, pageHref: projectHref } = useProjectDetailContext();
  const { taskId } = useParams();
  const navigate = useNavigate();
  const close = useCallback(() => void navigate(projectHref), [navigate, projectHref]);
  const leaveUnknown = useCallback(() => void navigate(projectHref, { replace: true }), [navigate, projectHref]);
  const [form, setForm] = useState(false);

  return (
    <OpenItemDialog item={items.tasks.find((candidate) => candidate.id === taskId)} what="task" onClose={close} notFound={<CloseWithMessage message={TASK_NOT_FOUND} onClose={leaveUnknown} />}>
      {(task) => {
        const onDelete = () => {
          close();
          removeTask(task);
        };
        return form ? (
          <TaskDialog key={task.id} mode="edit" workspaceId={project.workspaceId} projectId={project.id} task={task} onDelete={onDelete} onClose={close} />
        ) : (
          <TaskView key={task.id} workspaceId={project.workspaceId} projectName={project.name} task={task} onClose={close} onEditAll={() => setForm(true)} onDelete={onDelete} projectTasks={items.tasks} />
        );
      }}
    </OpenItemDialog>
  );
}
