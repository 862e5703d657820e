import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonLines } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { WorkspaceGate } from '@/components/workspace-gate';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useToday } from '@/hooks/use-today';
import { useProjects } from '@/features/projects/api/get-projects';
import { FETCH_TASKS_FAILED, useTaskPages } from '@/features/projects/api/task-lists';
import { TaskDialog } from '@/features/projects/components/dialogs/task-dialog';
import { emptyTabTexts, tabQueries, taskTabLabels } from '@/features/projects/utils/task-tabs';
import { MobileTaskRows } from './task-rows';

const phoneTabs = ['today', 'upcoming'] as const;
type PhoneTab = (typeof phoneTabs)[number];

/** One tab's tasks, read as /tasks reads them (the task index), the archived projects' left out. */
function PhoneTabTasks({ workspaceId, tab }: { workspaceId: string; tab: PhoneTab }) {
  const today = useToday();
  const pages = useTaskPages(workspaceId, tabQueries(tab, today));
  const projects = (useProjects().data ?? []).filter((project) => !project.archived);
  const active = new Set(projects.map((project) => project.id));
  if (pages.isError) return <LoadError what="tasks" message={FETCH_TASKS_FAILED} error={pages.error} onRetry={pages.retry} />;
  if (pages.isPending) return <SkeletonLines label="Loading tasks…" lines={4} />;
  const tasks = pages.tasks.filter((task) => active.has(task.projectId));
  return (
    <>
      {tasks.length === 0 ? <p className="muted">{emptyTabTexts[tab]}</p> : <MobileTaskRows workspaceId={workspaceId} tasks={tasks} projects={projects} />}
      {pages.hasMore ? (
        <Button loading={pages.isLoadingMore} onClick={pages.loadMore}>
          Load more
        </Button>
      ) : null}
    </>
  );
}

/** A new task from the phone: the Create New Task form, its project chosen in it. */
export function NewTaskButton({ workspaceId }: { workspaceId: string }) {
  const projects = (useProjects().data ?? []).filter((project) => !project.archived);
  const [creating, setCreating] = useState(false);
  const first = projects[0];
  if (!first) return null;
  return (
    <>
      <Button variant="primary" onClick={() => setCreating(true)}>
        <PlusIcon /> New task
      </Button>
      {creating ? <TaskDialog mode="create" workspaceId={workspaceId} projectId={first.id} projectChoices={projects} onClose={() => setCreating(false)} /> : null}
    </>
  );
}

/** /mobile/tasks (issue 32): Today and Upcoming, as on /tasks, each task opening as a sheet. */
export function MobileTasksRoute() {
  useDocumentTitle('Tasks');
  const [tab, setTab] = useState<PhoneTab>('today');
  return (
    <>
      <h1 tabIndex={-1}>Tasks</h1>
      <WorkspaceGate none={<p className="muted">Select a workspace from the menu to see its tasks.</p>}>
        {(workspace) => (
          <>
            <div className="mobile-actions">
              <NewTaskButton workspaceId={workspace.id} />
            </div>
            <Tabs
              label="Tasks by date"
              selected={tab}
              onSelect={setTab}
              items={phoneTabs.map((id) => ({ id, label: taskTabLabels[id], content: <PhoneTabTasks workspaceId={workspace.id} tab={id} /> }))}
            />
          </>
        )}
      </WorkspaceGate>
    </>
  );
}
