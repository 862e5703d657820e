import { lazy, Suspense, useCallback, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Link, Outlet, useNavigate } from 'react-router-dom';
import type { MilestoneView, NoteView, ProjectItems, ProjectSummary, TaskView } from '@shared/schemas/project';
import { ActionAlert } from '@/components/ui/alert';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useProjectRequests } from '@/lib/project-requests';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePageSkipLink } from '@/lib/page-skip-link';
import { writeError } from '@/lib/write-error';
import { FETCH_PROJECTS_FAILED, useProjects } from '../../api/get-projects';
import { LOAD_PROJECT_FAILED, useProjectItems } from '../../api/get-project-items';
import { useDeleteMilestone, useUpdateMilestone } from '../../api/milestone-mutations';
import { useDeleteNote } from '../../api/note-mutations';
import { DELETE_PROJECT_FAILED, UPDATE_PROJECT_FAILED, useDeleteProject, useUpdateProject } from '../../api/project-mutations';
import { useDeleteTask } from '../../api/task-mutations';
import { MilestoneDialog } from '../dialogs/milestone-dialog';
import { NoteDialog } from '../dialogs/note-dialog';
import { ProjectSettingsDialog } from '../dialogs/project-settings-dialog';
import { TaskDialog } from '../dialogs/task-dialog';
import { NewItemButton } from './new-item-button';
import { NotesGrid } from './note-card';
import type { ProjectDetailContext } from './project-detail-context';
import { ProjectHeader } from './project-header';
import { ProjectOverview } from './project-overview';
import { UpcomingEvents } from './upcoming-events';
import './project-detail.css';

// The board (with the drag-and-drop library) is a chunk of its own, loaded when the Tasks tab opens.
const TaskBoard = lazy(async () => ({ default: (await import('../task-board/task-board')).TaskBoard }));

export const PROJECT_NOT_FOUND = 'Project not found';
export const PROJECT_NOT_FOUND_TEXT = 'The project you are looking for does not exist.';

export const confirmations = {
  archiveProject: 'Are you sure you want to archive this project?',
  deleteProject: 'Are you sure you want to delete this project? This action cannot be undone.',
  deleteMilestone: 'Are you sure you want to delete this milestone?',
  deleteNote: 'Are you sure you want to delete this note?',
} as const;

type TabId = 'overview' | 'tasks' | 'notes';

type OpenDialog =
  | { readonly kind: 'createTask' }
  | { readonly kind: 'createMilestone' }
  | { readonly kind: 'editMilestone'; readonly id: string }
  | { readonly kind: 'createNote' }
  | { readonly kind: 'editNote'; readonly id: string }
  | { readonly kind: 'editProject' };

function Loading({ text }: { text: string }) {
  return (
    <p className="muted" role="status">
      {text}
    </p>
  );
}

/**
 * /projects/:projectId: the project's summary from the workspace's list and what it holds from its own
 * read, or why it cannot be shown. A list that could not be loaded says so (with Retry); only a loaded
 * list without the project is 'Project not found'.
 */
export function ProjectDetail({ projectId }: { projectId: string }) {
  const workspace = useCurrentWorkspace();
  const projects = useProjects();
  const project = projects.data?.find((candidate) => candidate.id === projectId);

  if (project) return <ProjectDetailView key={project.id} project={project} />;
  if (workspace.error) return <ActionAlert message={workspace.error} actionLabel="Retry" onAction={workspace.retry} />;
  if (projects.isError && !projects.data) return <ActionAlert message={FETCH_PROJECTS_FAILED} actionLabel="Retry" onAction={() => void projects.refetch()} />;
  if (workspace.loading || (workspace.currentWorkspace && projects.isPending)) return <Loading text="Loading project..." />;
  return <ProjectNotFound />;
}

function ProjectNotFound() {
  useDocumentTitle(PROJECT_NOT_FOUND);
  return (
    <section className="empty-state card" aria-labelledby="project-not-found">
      <h1 id="project-not-found" className="page-title">
        {PROJECT_NOT_FOUND}
      </h1>
      <p className="muted">{PROJECT_NOT_FOUND_TEXT}</p>
      <Link to={paths.app.projects.getHref()} className="btn btn-primary">
        Go to Projects
      </Link>
    </section>
  );
}

function ProjectDetailView({ project }: { project: ProjectSummary }) {
  useDocumentTitle(project.name);
  const { workspaceId } = project;
  const items = useProjectItems(workspaceId, project.id);
  const navigate = useNavigate();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [tab, setTab] = useState<TabId>('overview');
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // "Skip to board" (the shell's second skip link) opens the Tasks tab and puts focus on its board.
  const boardSectionRef = useRef<HTMLElement>(null);
  usePageSkipLink('Skip to board', () => {
    flushSync(() => setTab('tasks'));
    boardSectionRef.current?.focus();
  });
  const updateProject = useUpdateProject();
  const deleteProject = useDeleteProject();
  const updateMilestone = useUpdateMilestone();
  const deleteMilestone = useDeleteMilestone();
  const deleteNote = useDeleteNote();
  const deleteTask = useDeleteTask();

  const closeDialog = useCallback(() => setDialog(null), []);
  const reportError = useCallback((error: unknown, fallback: string) => setNotice(writeError(error, fallback).message), []);
  const leave = () => void navigate(paths.home.getHref());

  // Archive and Delete stay on the page until the server has done it; a refusal is shown here.
  const archive = async () => {
    if (!(await confirm({ message: confirmations.archiveProject, title: 'Archive Project', confirmLabel: 'Archive' }))) return;
    updateProject.mutate({ project, edit: { archived: true } }, { onSuccess: leave, onError: (error) => reportError(error, UPDATE_PROJECT_FAILED) });
  };

  const removeProject = async () => {
    if (!(await confirm({ message: confirmations.deleteProject, title: 'Delete Project', confirmLabel: 'Delete', danger: true }))) return;
    deleteProject.mutate(project, { onSuccess: leave, onError: (error) => reportError(error, DELETE_PROJECT_FAILED) });
  };

  const removeMilestone = async (milestone: MilestoneView) => {
    if (!(await confirm({ message: confirmations.deleteMilestone, title: 'Delete Milestone', confirmLabel: 'Delete', danger: true }))) return;
    deleteMilestone.mutate({ workspaceId, milestone }, { onError: (error) => reportError(error, 'Failed to delete milestone') });
  };

  const removeNote = async (note: NoteView) => {
    if (!(await confirm({ message: confirmations.deleteNote, title: 'Delete Note', confirmLabel: 'Delete', danger: true }))) return;
    deleteNote.mutate({ workspaceId, note }, { onError: (error) => reportError(error, 'Failed to delete note') });
  };

  const toggleMilestone = (milestone: MilestoneView) =>
    updateMilestone.mutate({ workspaceId, milestone, edit: { completed: !milestone.completed } }, { onError: (error) => reportError(error, 'Failed to update milestone') });
  const removeTask = (task: TaskView) => deleteTask.mutate({ workspaceId, task }, { onError: (error) => reportError(error, 'Failed to delete task') });
  const editMilestone = (milestone: MilestoneView) => setDialog({ kind: 'editMilestone', id: milestone.id });
  const editNote = (note: NoteView) => setDialog({ kind: 'editNote', id: note.id });
  const newTask = () => setDialog({ kind: 'createTask' });
  const newNote = () => setDialog({ kind: 'createNote' });
  // The command palette, the 'c' shortcut and search results open this page's dialogs.
  useProjectRequests(project.id, (request) => setDialog(request.kind === 'openNote' ? { kind: 'editNote', id: request.noteId } : { kind: request.kind }));

  const busy = updateProject.isPending && updateProject.variables.edit.archived ? 'archive' : deleteProject.isPending ? 'delete' : undefined;

  const withItems = (render: (loaded: ProjectItems) => ReactNode) => {
    if (items.data) return render(items.data);
    if (items.isError) return <ActionAlert message={LOAD_PROJECT_FAILED} actionLabel="Retry" onAction={() => void items.refetch()} />;
    return <Loading text="Loading tasks, milestones and notes..." />;
  };

  return (
    <div className="page project-detail">
      <ProjectHeader
        project={project}
        busy={busy}
        onSettings={() => setDialog({ kind: 'editProject' })}
        onToggleFavorite={() =>
          updateProject.mutate({ project, edit: { isFavorite: !project.isFavorite } }, { onError: (error) => reportError(error, UPDATE_PROJECT_FAILED) })
        }
        onArchive={() => void archive()}
        onDelete={() => void removeProject()}
      />
      {notice ? <ActionAlert message={notice} actionLabel="Dismiss" onAction={() => setNotice(null)} /> : null}
      <Tabs<TabId>
        label="Project sections"
        selected={tab}
        onSelect={setTab}
        items={[
          {
            id: 'overview',
            label: 'Overview',
            content: withItems((loaded) => (
              <ProjectOverview
                items={loaded}
                onViewAllTasks={() => setTab('tasks')}
                onViewAllNotes={() => setTab('notes')}
                onNewTask={newTask}
                onNewMilestone={() => setDialog({ kind: 'createMilestone' })}
                onToggleMilestone={toggleMilestone}
                onEditMilestone={editMilestone}
                onDeleteMilestone={(milestone) => void removeMilestone(milestone)}
                onEditNote={editNote}
                onDeleteNote={(note) => void removeNote(note)}
                upcomingEvents={<UpcomingEvents workspaceId={workspaceId} projectId={project.id} />}
              />
            )),
          },
          {
            id: 'tasks',
            label: 'Tasks',
            content: (
              <TabSection title="Board" newLabel="New Task" onNew={newTask} sectionRef={boardSectionRef}>
                {withItems((loaded) => (
                  <Suspense fallback={<Loading text="Loading the board..." />}>
                    <TaskBoard workspaceId={workspaceId} tasks={loaded.tasks} onError={(failure) => reportError(failure, 'Failed to move task')} />
                  </Suspense>
                ))}
              </TabSection>
            ),
          },
          {
            id: 'notes',
            label: 'Notes',
            content: (
              <TabSection title="Notes" newLabel="New Note" onNew={newNote}>
                {withItems((loaded) => (
                  <NotesGrid notes={loaded.notes} onEdit={editNote} onDelete={(note) => void removeNote(note)} />
                ))}
              </TabSection>
            ),
          },
        ]}
      />
      <ProjectDialogs project={project} items={items.data} dialog={dialog} onClose={closeDialog} />
      {confirmDialog}
      {items.data ? <Outlet context={{ project, items: items.data, removeTask } satisfies ProjectDetailContext} /> : null}
    </div>
  );
}

/** The Tasks and Notes tabs: a heading with the tab's New button, then the content (a skip link's target). */
function TabSection({
  title,
  newLabel,
  onNew,
  sectionRef,
  children,
}: {
  title: string;
  newLabel: string;
  onNew: () => void;
  sectionRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section ref={sectionRef} className="tab-section" aria-labelledby={titleId} tabIndex={-1}>
      <div className="section-header">
        <h2 id={titleId} className="section-title">
          {title}
        </h2>
        <NewItemButton label={newLabel} onClick={onNew} />
      </div>
      {children}
    </section>
  );
}

/** The dialog the page has open, with the item it edits as the cache holds it now (closed if it is gone). */
function ProjectDialogs({
  project,
  items,
  dialog,
  onClose,
}: {
  project: ProjectSummary;
  items: ProjectItems | undefined;
  dialog: OpenDialog | null;
  onClose: () => void;
}) {
  const { data: projects = [] } = useProjects();
  const { workspaceId, id: projectId } = project;
  switch (dialog?.kind) {
    case 'createTask':
      return <TaskDialog mode="create" workspaceId={workspaceId} projectId={projectId} onClose={onClose} />;
    case 'createMilestone':
      return <MilestoneDialog workspaceId={workspaceId} projectId={projectId} onClose={onClose} />;
    case 'editMilestone': {
      const milestone = items?.milestones.find((candidate) => candidate.id === dialog.id);
      return milestone ? <MilestoneDialog workspaceId={workspaceId} projectId={projectId} milestone={milestone} onClose={onClose} /> : null;
    }
    case 'createNote':
      return <NoteDialog workspaceId={workspaceId} projects={projects} defaultProjectId={projectId} onClose={onClose} />;
    case 'editNote': {
      const note = items?.notes.find((candidate) => candidate.id === dialog.id);
      return note ? <NoteDialog workspaceId={workspaceId} note={note} projects={projects} defaultProjectId={projectId} onClose={onClose} /> : null;
    }
    case 'editProject':
      return <ProjectSettingsDialog project={project} onClose={onClose} />;
    default:
      return null;
  }
}
