import { useState } from 'react';
import { sortProjects } from '@shared/rules/projects';
import { PageHeader } from '@/components/ui/page-header';
import { WorkspaceGate } from '@/components/workspace-gate';
import type { TaskView } from '@shared/schemas/project';
import { AddEventDialog, CalendarSyncCard } from '@/features/calendar/components/add-event-dialog';
import { CalendarMonth } from '@/features/calendar/components/calendar-month';
import { useProjects } from '@/features/projects/api/get-projects';
import { TaskDialog } from '@/features/projects/components/dialogs/task-dialog';
import { NoWorkspaceCard } from '@/features/projects/components/no-workspace-card';
import { ProjectsLoadError } from '@/features/projects/components/projects-loaded';

/** /calendar (spec pages §2 Calendar page): the month's tasks, Add Task into any project, the sync card. */
export function CalendarRoute() {
  const projectsQuery = useProjects();
  const projects = sortProjects((projectsQuery.data ?? []).filter((project) => !project.archived));
  const [addOn, setAddOn] = useState<string | null>(null);
  // The add-event dialog, for a task ('+ Add to Calendar') or on its own (null).
  const [eventFor, setEventFor] = useState<{ task: TaskView | null } | null>(null);
  const firstProject = projects[0];
  const addTaskBlocked = firstProject ? null : projectsQuery.isSuccess ? 'Create a project first' : projectsQuery.isError ? "Couldn't load projects" : 'Loading projects…';
  return (
    <div className="page">
      <PageHeader title="Calendar" description="Tasks on their due dates, with the events of your Google calendars." />
      <WorkspaceGate none={<NoWorkspaceCard />}>
        {(currentWorkspace) => (
          <>
            {projectsQuery.isError && !projectsQuery.data ? <ProjectsLoadError projects={projectsQuery} /> : null}
            <div className="calendar-layout">
              <CalendarMonth workspaceId={currentWorkspace.id} onAddTask={setAddOn} addTaskBlocked={addTaskBlocked} onAddToCalendar={(task) => setEventFor({ task })} />
              <CalendarSyncCard workspaceId={currentWorkspace.id} onAddEvent={() => setEventFor({ task: null })} />
              {eventFor ? <AddEventDialog workspaceId={currentWorkspace.id} task={eventFor.task} onClose={() => setEventFor(null)} /> : null}
              {addOn && firstProject ? (
                <TaskDialog mode="create" workspaceId={currentWorkspace.id} projectId={firstProject.id} projectChoices={projects} dueDate={addOn} onClose={() => setAddOn(null)} />
              ) : null}
            </div>
          </>
        )}
      </WorkspaceGate>
    </div>
  );
}
