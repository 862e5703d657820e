import type { TaskView } from '@shared/schemas/project';
import { useSubtaskContext } from '../api/subtasks';

type Named = Pick<TaskView, 'id' | 'projectId' | 'parentId'>;

/**
 * 'Sub-task of Launch' beside a sub-task's title wherever it shows as a task in its own right (issue 36): its
 * parent read from its project's items; nothing (and no read) for a task of its own.
 */
export function ParentTaskName({ task, className }: { task: Named; className?: string }) {
  return task.parentId === undefined ? null : <ReadParentName task={task} className={className} />;
}

function ReadParentName({ task, className }: { task: Named; className: string | undefined }) {
  const { parent } = useSubtaskContext(task);
  return <span className={className}>{parent ? `Sub-task of ${parent.title}` : 'Sub-task'}</span>;
}
