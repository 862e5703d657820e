import { useQuery } from '@tanstack/react-query';
import { MOVED_TO_TRASH } from '@/features/trash';
import { useToast } from '@/components/ui/toast';
import { useState } from 'react';
import type { ProjectSummary, TaskView as Task } from '@shared/schemas/project';
import { Spinner } from '@/components/ui/spinner';
import { projectItemsQueryOptions } from '@/features/projects/api/get-project-items';
import { useCompletionsSaving, useDeleteTask, useUpdateTask } from '@/features/projects/api/task-mutations';
import { TaskDialog } from '@/features/projects/components/dialogs/task-dialog';
import { TaskView } from '@/features/projects/components/dialogs/task-view';
import { TaskFacts } from '@/features/projects/components/task-board/task-card';
import { useSubtaskCompletion } from '@/features/projects/hooks/use-subtask-completion';
import { useReportWriteFailure } from '@/hooks/use-report-write-failure';
import { UPDATE_TASK_FAILED } from '@/features/projects/api/task-mutations';

/**
 * Tasks on the phone (issue 32): each row a thumb-sized completion circle and the task's title with its
 * facts (due date, priority, assignee), which opens the task as a sheet — the task view, each fact changed
 * in place, Edit all fields for the form. Nothing leaves /mobile.
 */
export function MobileTaskRows({ workspaceId, tasks, projects }: { workspaceId: string; tasks: readonly Task[]; projects: readonly ProjectSummary[] }) {
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const reportFailure = useReportWriteFailure();
  const toast = useToast();
  const saving = useCompletionsSaving();
  const [openId, setOpenId] = useState<string | null>(null);
  const [form, setForm] = useState(false);
  const open = tasks.find((task) => task.id === openId);
  // The open task's project, for its sub-tasks in the sheet (issue 36).
  const items = useQuery({ ...projectItemsQueryOptions(workspaceId, open?.projectId ?? ''), enabled: open !== undefined });
  const close = () => {
    setOpenId(null);
    setForm(false);
  };

  // The circle is disabled, with a spinner, while its write is on the way (spec pages §4).
  // A parent with open sub-tasks asks first, as its sheet does (issue 36); Cancel leaves it open.
  const { askAboutSubtasks, dialog: subtaskQuestion } = useSubtaskCompletion(workspaceId);
  const toggle = async (task: Task) => {
    const along = await askAboutSubtasks(task);
    if (along) update.mutate({ workspaceId, task, edit: { completed: !task.completed, ...along } }, { onError: (error) => reportFailure(error, UPDATE_TASK_FAILED) });
  };
  const onDelete = (task: Task) => {
    close();
    remove.mutate({ workspaceId, task }, { onSuccess: () => toast.success(MOVED_TO_TRASH), onError: (error) => reportFailure(error, 'Failed to delete task') });
  };

  return (
    <>
      <ul className="mobile-list">
        {tasks.map((task) => (
          <li key={task.id} className="mobile-row">
            <button
              type="button"
              className="mobile-circle"
              aria-pressed={task.completed}
              aria-label={task.completed ? `Mark ${task.title} not completed` : `Complete ${task.title}`}
              disabled={saving.has(task.id)}
              onClick={() => void toggle(task)}
            >
              {saving.has(task.id) ? <Spinner size="sm" /> : <span aria-hidden="true">{task.completed ? '✓' : ''}</span>}
            </button>
            <div className="mobile-row-body">
              <button type="button" className="mobile-row-main" onClick={() => setOpenId(task.id)}>
                {task.title}
              </button>
              <TaskFacts task={task} />
            </div>
          </li>
        ))}
      </ul>
      {open && form ? <TaskDialog mode="edit" workspaceId={workspaceId} projectId={open.projectId} task={open} onClose={close} onDelete={() => onDelete(open)} /> : null}
      {open && !form ? (
        <TaskView
          workspaceId={workspaceId}
          projectName={projects.find((project) => project.id === open.projectId)?.name ?? ''}
          task={open}
          onClose={close}
          onEditAll={() => setForm(true)}
          onDelete={() => onDelete(open)}
          className="task-sheet"
          {...(items.data ? { projectTasks: items.data.tasks } : {})}
        />
      ) : null}
      {subtaskQuestion}
    </>
  );
}
