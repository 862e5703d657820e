import { useState } from 'react';
import type { ProjectSummary } from '@shared/schemas/project';
import { SelectField } from '@/components/ui/form-fields';
import { QuickAddTask } from './quick-add-task';

/**
 * "Add task" on /tasks (issue 32): the quick add line and the project it adds to — the one the page is
 * filtered to, else the one chosen here (the first project at first).
 */
export function TasksQuickAdd({ workspaceId, projects, filteredProjectId }: { workspaceId: string; projects: readonly ProjectSummary[]; filteredProjectId: string }) {
  const [chosen, setChosen] = useState('');
  const projectId = filteredProjectId || (projects.some((project) => project.id === chosen) ? chosen : (projects[0]?.id ?? ''));
  if (!projectId) return null;
  return (
    <div className="tasks-quick-add">
      <SelectField label="Add to" name="quickAddProject" value={projectId} disabled={filteredProjectId !== ''} onChange={(event) => setChosen(event.target.value)}>
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </SelectField>
      <QuickAddTask key={projectId} workspaceId={workspaceId} projectId={projectId} status="todo" columnTitle="" />
    </div>
  );
}
