import { useQueryClient } from '@tanstack/react-query';
import type { ProjectItems, TaskRef, TaskView } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/form-fields';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { useOpenTasks } from '../../api/open-tasks';
import { useProjects } from '../../api/get-projects';
import { projectKeys } from '../../api/query-keys';
import './blockers-field.css';

/** The title of a task the open tasks do not hold (done, or gone), if a project page read has it. */
function useKnownTitle(): (taskId: string) => string | undefined {
  const queryClient = useQueryClient();
  const { currentWorkspace } = useCurrentWorkspace();
  return (taskId) => {
    for (const [, items] of queryClient.getQueriesData<ProjectItems>({ queryKey: projectKeys.all(currentWorkspace?.id ?? '') })) {
      const task = Array.isArray(items?.tasks) ? items.tasks.find((candidate) => candidate.id === taskId) : undefined;
      if (task) return task.title;
    }
    return undefined;
  };
}

/**
 * "Blocked by" (issue 31): the tasks that must be done before this one, from any project of the workspace.
 * Each is listed with whether it is still open and a Remove button; "Add a blocking task" picks an open task
 * (the server refuses one that would make a cycle, and says which).
 */
export function BlockersField({
  taskId,
  value,
  onChange,
  error,
}: {
  /** The task being edited (undefined while creating): it cannot block itself. */
  taskId: string | undefined;
  value: readonly TaskRef[];
  onChange: (blockedBy: readonly TaskRef[]) => void;
  error: string | undefined;
}) {
  const open = useOpenTasks(true);
  const projects = useProjects();
  const knownTitle = useKnownTitle();
  const chosen = new Set(value.map((ref) => ref.taskId));
  const choices = [...(open.data?.values() ?? [])].filter((task) => task.id !== taskId && !chosen.has(task.id));
  const byProject = (projects.data ?? [])
    .map((project) => ({ project, tasks: choices.filter((task) => task.projectId === project.id).sort((a, b) => a.title.localeCompare(b.title)) }))
    .filter((group) => group.tasks.length > 0);
  const add = (id: string) => {
    const task = open.data?.get(id);
    if (task) onChange([...value, { projectId: task.projectId, taskId: task.id }]);
  };
  const describe = (ref: TaskRef): { title: string; state: string } => {
    const task: TaskView | undefined = open.data?.get(ref.taskId);
    if (task) return { title: task.title, state: task.status === 'in_progress' ? 'In progress' : 'To do' };
    return { title: knownTitle(ref.taskId) ?? 'A task that is done or deleted', state: open.isPending ? '' : 'Done' };
  };

  return (
    <fieldset className="blockers-field">
      <legend>Blocked by</legend>
      {value.length === 0 ? (
        <p className="muted">Nothing: this task can start any time.</p>
      ) : (
        <ul className="blockers-list">
          {value.map((ref) => {
            const { title, state } = describe(ref);
            return (
              <li key={ref.taskId}>
                <span className="blockers-title">{title}</span>
                {state ? <span className={state === 'Done' ? 'blockers-state is-done' : 'blockers-state'}>{state}</span> : null}
                <Button size="sm" variant="ghost" aria-label={`Remove ${title} from Blocked by`} onClick={() => onChange(value.filter((other) => other.taskId !== ref.taskId))}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <SelectField
        label="Add a blocking task"
        name="addBlocker"
        value=""
        onChange={(event) => add(event.target.value)}
        error={error}
        disabled={open.isPending || choices.length === 0}
      >
        <option value="">{open.isPending ? 'Loading tasks…' : open.isError ? 'Could not load the tasks' : choices.length === 0 ? 'No other open task' : 'Choose a task…'}</option>
        {byProject.map(({ project, tasks }) => (
          <optgroup key={project.id} label={project.name}>
            {tasks.map((task) => (
              <option key={task.id} value={task.id}>
                {task.title}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
    </fieldset>
  );
}
