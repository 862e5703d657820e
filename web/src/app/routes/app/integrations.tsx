import { useState } from 'react';
import { sortProjects } from '@shared/rules/projects';
import { PageHeader } from '@/components/ui/page-header';
import { useGoogleCalendarStatus } from '@/features/google-calendar/api/status';
import {
  CREATE_TASK_FAILED,
  CreateTaskFromItemDialog,
  type ActionItemTaskDialogProps,
  type ProjectChoices,
} from '@/features/integrations/components/create-task-dialog';
import { FirefliesIntegration } from '@/features/integrations/components/fireflies-integration';
import { GithubIntegration } from '@/features/integrations/components/github-integration';
import { GmailIntegration } from '@/features/integrations/components/gmail-integration';
import { IntegrationsCatalogue } from '@/features/integrations/components/integrations-catalogue';
import { SlackIntegration } from '@/features/integrations/components/slack-integration';
import { useProjects } from '@/features/projects/api/get-projects';
import { useCreateTask } from '@/features/projects/api/task-mutations';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { writeError } from '@/lib/write-error';

/** /integrations (spec pages §2 Integrations): the catalogue; Google Calendar's state is real, the rest local. */
export function IntegrationsRoute() {
  const calendar = useGoogleCalendarStatus();
  return (
    <div className="page">
      <PageHeader title="Integrations" description="Connect the tools your team already uses." />
      <IntegrationsCatalogue googleCalendar={{ connected: calendar.connected, accountCount: calendar.accountCount, loading: calendar.isLoading }} />
    </div>
  );
}

/** /integrations/slack (local mock). */
export function SlackRoute() {
  return (
    <div className="page">
      <SlackIntegration />
    </div>
  );
}

/** /integrations/gmail (local mock). */
export function GmailRoute() {
  return (
    <div className="page">
      <GmailIntegration />
    </div>
  );
}

/** /integrations/github (static mock). */
export function GithubRoute() {
  return (
    <div className="page">
      <GithubIntegration />
    </div>
  );
}

/**
 * Create Task on a Fireflies action item: a project of the current workspace and the real create-task
 * mutation of the projects feature (wired here, since features do not import each other).
 */
function ActionItemTaskDialog({ title, description, meetingTitle, onCreated, onClose }: ActionItemTaskDialogProps) {
  const { currentWorkspace } = useCurrentWorkspace();
  const projects = useProjects();
  const choices = sortProjects((projects.data ?? []).filter((project) => !project.archived));
  const [chosenId, setChosenId] = useState('');
  const projectId = choices.some((project) => project.id === chosenId) ? chosenId : (choices[0]?.id ?? '');
  const create = useCreateTask(currentWorkspace?.id ?? '', projectId);

  const projectChoices: ProjectChoices = projects.isError
    ? { status: 'failed', retry: () => void projects.refetch() }
    : projects.data
      ? { status: 'ready', projects: choices }
      : { status: 'loading' };

  return (
    <CreateTaskFromItemDialog
      defaultTitle={title}
      meetingTitle={meetingTitle}
      projects={projectChoices}
      projectId={projectId}
      onProjectChange={setChosenId}
      pending={create.isPending}
      error={create.error ? writeError(create.error, CREATE_TASK_FAILED).message : null}
      onSubmit={(taskTitle) => create.mutate({ title: taskTitle, description }, { onSuccess: (task) => onCreated({ projectId: task.projectId, taskId: task.id }) })}
      onClose={onClose}
    />
  );
}

/** /integrations/fireflies (static mock; Create Task on an action item is real). */
export function FirefliesRoute() {
  return (
    <div className="page">
      <FirefliesIntegration CreateTaskDialog={ActionItemTaskDialog} />
    </div>
  );
}
