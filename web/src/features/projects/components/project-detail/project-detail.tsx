import { lazy, Suspense, useCallback, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { matchesAnyLabel } from '@shared/rules/task-labels';
import { LabelFilter } from '@/features/labels';
import { ProjectExportPanel } from '@/features/exports';
import { flushSync } from 'react-dom';
import { Link, Outlet, useNavigate } from 'react-router-dom';
import type { MilestoneView, NoteView, ProjectItems, ProjectSummary, TaskView } from '@shared/schemas/project';
import type { TaskViewMode } from '@shared/schemas/profile';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { MOVED_TO_TRASH } from '@/features/trash';
import { LoadError } from '@/components/ui/load-error';
import { readFailure } from '@/lib/load-failure';
import { LoadingRegion, Skeleton, SkeletonLines } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useProjectRequests } from '../../hooks/project-requests';
import { useAuth } from '@/lib/auth';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePageSkipLink } from '@/lib/page-skip-link';
import { useReportWriteFailure } from '@/hooks/use-report-write-failure';
import { FETCH_PROJECTS_FAILED, useProjects } from '../../api/get-projects';
import { useWorkspaceHoldingProject } from '../../api/workspace-holding-project';
import { ProjectInOtherWorkspace } from '../project-in-other-workspace';
import { LOAD_PROJECT_FAILED, useProjectItems } from '../../api/get-project-items';
import { useDeleteMilestone, useUpdateMilestone } from '../../api/milestone-mutations';
import { useDeleteNote } from '../../api/note-mutations';
import { UPDATE_PROJECT_FAILED, useUpdateProject } from '../../api/project-mutations';
import { useDeleteTask } from '../../api/task-mutations';
import { MilestoneDialog } from '../dialogs/milestone-dialog';
import { NoteDialog } from '../dialogs/note-dialog';
import { OpenNote } from '../dialogs/note-view';
import { OpenItemDialog } from '../dialogs/open-item-dialog';
import { ProjectSettingsDialog } from '../dialogs/project-settings-dialog';
import { TaskDialog } from '../dialogs/task-dialog';
import { useProjectActions } from '../../hooks/use-project-actions';
import { useTaskViewChoice } from '../../hooks/use-task-view-choice';
import { VIEW_PARAM } from '../../utils/task-list-view';
import { TaskViewToggle } from '../tasks-page/task-view-toggle';
import { NewItemButton } from './new-item-button';
import { NotesGrid } from './note-card';
import type { ProjectDetailContext } from './project-detail-context';
import { ProjectComments } from './project-comments';
import { ProjectHeader } from './project-header';
import { ProjectOverview } from './project-overview';
import { ProjectTaskList } from './project-task-list';
import { UpcomingEvents } from './upcoming-events';
import './project-detail.css';

// The board (with the drag-and-drop library) is a chunk of its own, loaded when the Tasks tab opens.
const TaskBoard = lazy(async () => ({ default: (await import('../task-board/task-board')).TaskBoard }));

export const PROJECT_NOT_FOUND = 'Project not found';
export const PROJECT_NOT_FOUND_TEXT = 'The project you are looking for does not exist.';

export const confirmations = {
  deleteMilestone: 'Are you sure you want to delete this milestone?',
  deleteNote: 'Are you sure you want to delete this note?',
} as const;

type TabId = 'overview' | 'tasks' | 'notes' | 'comments';

type OpenDialog =
  | { readonly kind: 'createTask' }
  | { readonly kind: 'createMilestone' }
  | { readonly kind: 'editMilestone'; readonly id: string }
  | { readonly kind: 'createNote' }
  | { readonly kind: 'editNote'; readonly id: string; /** Straight to the form (the card's Edit), not the note as it reads. */ readonly form?: true }
  | { readonly kind: 'editProject' }
  | { readonly kind: 'invite' };

/** The Invite Member dialog of the project's workspace, given by the page for owners and admins only. */
export type InviteDialog = (onClose: () => void) => ReactNode;

/** The page's shape while the project is on its way: a header block and a few lines. */
function ProjectSkeleton() {
  return (
    <div className="page project-detail">
      <LoadingRegion label="Loading project">
        <Skeleton height="7rem" className="card" />
        <Skeleton height="2rem" width="16rem" />
        <Skeleton height="10rem" />
      </LoadingRegion>
    </div>
  );
}

/**
 * /projects/:projectId: the project's summary from the workspace's list and what it holds from its own
 * read, or why it cannot be shown. The workspace list, the project list and the project's items are read
 * side by side (app/route-prefetch starts the latter two from the URL and the workspace expected to be
 * current, before this page's code has arrived). A read that failed says "Couldn't load" with Retry; only a loaded list without the project is
 * 'Project not found'.
 */
export function ProjectDetail({ projectId, inviteDialog }: { projectId: string; inviteDialog?: InviteDialog | undefined }) {
  const workspace = useCurrentWorkspace();
  const projects = useProjects();
  const project = projects.data?.find((candidate) => candidate.id === projectId);
  const notHere = !project && !workspace.loading && !workspace.error && (!workspace.currentWorkspace || projects.data !== undefined);
  const elsewhere = useWorkspaceHoldingProject(projectId, notHere);

  if (project) return <ProjectDetailView key={project.id} project={project} inviteDialog={inviteDialog} />;
  if (workspace.error) return <LoadError what="your workspaces" message={workspace.error} error={workspace.failure} onRetry={workspace.retry} />;
  const projectsFailure = readFailure(projects);
  if (projectsFailure) return <LoadError what="this project" message={FETCH_PROJECTS_FAILED} error={projectsFailure.error} onRetry={() => void projects.refetch()} />;
  if (workspace.loading || (workspace.currentWorkspace && projects.isPending) || elsewhere.searching) return <ProjectSkeleton />;
  if (elsewhere.workspace) return <ProjectInOtherWorkspace workspace={elsewhere.workspace} onOpen={workspace.setCurrentWorkspace} />;
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

function ProjectDetailView({ project, inviteDialog }: { project: ProjectSummary; inviteDialog: InviteDialog | undefined }) {
  useDocumentTitle(project.name);
  const role = useCurrentWorkspace().currentWorkspace?.role;
  const userId = useAuth().user?.id;
  // As the server allows it: owners and admins delete any project, a member only one they created.
  const mayDelete = role !== 'member' || project.createdBy === userId;
  const { workspaceId } = project;
  const items = useProjectItems(workspaceId, project.id);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const lifecycle = useProjectActions(project);
  // The Tasks tab as a list or the board: as the address names it, else as it last named it (the task
  // dialog's address has no `?view=`), else the user's default view. An address naming a view opens on the
  // Tasks tab.
  const viewChoice = useTaskViewChoice();
  const [chosenView, setChosenView] = useState<TaskViewMode | undefined>(viewChoice.named);
  if (viewChoice.named && viewChoice.named !== chosenView) setChosenView(viewChoice.named);
  const tasksView = viewChoice.named ?? chosenView ?? viewChoice.defaultView;
  const showView = (view: TaskViewMode) => {
    setChosenView(view);
    viewChoice.show(view);
  };
  const [tab, setTab] = useState<TabId>(viewChoice.named ? 'tasks' : 'overview');
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [labelFilter, setLabelFilter] = useState<readonly string[]>([]);
  const labelIds = new Set(labelFilter);
  // "Skip to board" (the shell's second skip link) opens the Tasks tab and puts focus on its board.
  const boardSectionRef = useRef<HTMLElement>(null);
  usePageSkipLink('Skip to board', () => {
    flushSync(() => setTab('tasks'));
    boardSectionRef.current?.focus();
  });
  const updateProject = useUpdateProject();
  const updateMilestone = useUpdateMilestone();
  const deleteMilestone = useDeleteMilestone();
  const deleteNote = useDeleteNote();
  const deleteTask = useDeleteTask();

  const toast = useToast();
  const closeDialog = useCallback(() => setDialog(null), []);
  // Failed writes are toasts: the page keeps its place instead of growing a banner above the tabs.
  const reportError = useReportWriteFailure();

  const removeMilestone = async (milestone: MilestoneView) => {
    if (!(await confirm({ message: confirmations.deleteMilestone, title: 'Delete Milestone', confirmLabel: 'Delete', danger: true }))) return;
    deleteMilestone.mutate({ workspaceId, milestone }, { onError: (error) => reportError(error, 'Failed to delete milestone') });
  };

  const removeNote = async (note: NoteView) => {
    if (!(await confirm({ message: confirmations.deleteNote, title: 'Delete Note', confirmLabel: 'Delete', danger: true }))) return;
    deleteNote.mutate({ workspaceId, note }, { onSuccess: () => toast.success(MOVED_TO_TRASH), onError: (error) => reportError(error, 'Failed to delete note') });
  };

  const toggleMilestone = (milestone: MilestoneView) =>
    updateMilestone.mutate({ workspaceId, milestone, edit: { completed: !milestone.completed } }, { onError: (error) => reportError(error, 'Failed to update milestone') });
  const removeTask = (task: TaskView) =>
    deleteTask.mutate({ workspaceId, task }, { onSuccess: () => toast.success(MOVED_TO_TRASH), onError: (error) => reportError(error, 'Failed to delete task') });
  const editMilestone = (milestone: MilestoneView) => setDialog({ kind: 'editMilestone', id: milestone.id });
  const openNote = (note: NoteView) => setDialog({ kind: 'editNote', id: note.id });
  const editNote = (note: NoteView) => setDialog({ kind: 'editNote', id: note.id, form: true });
  const newTask = () => setDialog({ kind: 'createTask' });
  // A task made here shows where it went (the Overview lists only the first 3 To Do), and a toast opens it.
  const [justCreatedTaskId, setJustCreatedTaskId] = useState<string>();
  const navigate = useNavigate();
  const taskCreated = (task: TaskView) => {
    setJustCreatedTaskId(task.id);
    toast.success(`Task “${task.title}” created`, { label: 'Open', onAction: () => void navigate(paths.app.projectTask.getHref(task.projectId, task.id)) });
  };
  const newNote = () => setDialog({ kind: 'createNote' });
  // The command palette, the 'c' shortcut and search results open this page's dialogs.
  useProjectRequests(project.id, (request) => setDialog(request.kind === 'openNote' ? { kind: 'editNote', id: request.noteId } : { kind: request.kind }));

  const withItems = (render: (loaded: ProjectItems) => ReactNode) => {
    if (items.data) return render(items.data);
    const failure = readFailure(items);
    if (failure) return <LoadError what="this project’s tasks, milestones and notes" message={LOAD_PROJECT_FAILED} error={failure.error} onRetry={() => void items.refetch()} />;
    return <SkeletonLines label="Loading tasks, milestones and notes" lines={4} />;
  };

  return (
    <div className="page project-detail">
      <ProjectHeader
        project={project}
        busy={lifecycle.busy}
        onSettings={() => setDialog({ kind: 'editProject' })}
        onInvite={inviteDialog ? () => setDialog({ kind: 'invite' }) : undefined}
        onToggleFavorite={() =>
          updateProject.mutate({ project, edit: { isFavorite: !project.isFavorite } }, { onError: (error) => reportError(error, UPDATE_PROJECT_FAILED) })
        }
        onArchive={lifecycle.archive}
        onDelete={mayDelete ? lifecycle.remove : undefined}
      />
      <Tabs<TabId>
        label="Project sections"
        selected={tab}
        onSelect={setTab}
        items={[
          {
            id: 'overview',
            label: 'Overview',
            content: (
              <>
                {withItems((loaded) => (
                  <ProjectOverview
                    items={loaded}
                    onViewAllTasks={() => setTab('tasks')}
                    onViewAllNotes={() => setTab('notes')}
                    onNewTask={newTask}
                    onNewMilestone={() => setDialog({ kind: 'createMilestone' })}
                    onToggleMilestone={toggleMilestone}
                    onEditMilestone={editMilestone}
                    onDeleteMilestone={(milestone) => void removeMilestone(milestone)}
                    onOpenNote={openNote}
                    onEditNote={editNote}
                    onDeleteNote={(note) => void removeNote(note)}
                    upcomingEvents={<UpcomingEvents workspaceId={workspaceId} projectId={project.id} />}
                    justCreatedTaskId={justCreatedTaskId}
                  />
                ))}
                {/* Any member may export the project they see (issue 39). */}
                <ProjectExportPanel workspaceId={workspaceId} projectId={project.id} />
              </>
            ),
          },
          {
            id: 'tasks',
            label: 'Tasks',
            content: (
              <TabSection
                title={tasksView === 'kanban' ? 'Board' : 'Tasks'}
                newLabel="New Task"
                onNew={newTask}
                sectionRef={boardSectionRef}
                tools={<TaskViewToggle view={tasksView} onChange={showView} />}
              >
                <LabelFilter value={labelFilter} onChange={setLabelFilter} className="board-label-filter" />
                {withItems((loaded) => {
                  const shown = loaded.tasks.filter((task) => matchesAnyLabel(task, labelIds));
                  return tasksView === 'kanban' ? (
                    <Suspense fallback={<SkeletonLines label="Loading the board" lines={4} />}>
                      <TaskBoard workspaceId={workspaceId} projectId={project.id} tasks={shown} onError={(failure) => reportError(failure, 'Failed to move task')} />
                    </Suspense>
                  ) : (
                    <ProjectTaskList workspaceId={workspaceId} projectId={project.id} tasks={shown} filtering={labelFilter.length > 0} />
                  );
                })}
              </TabSection>
            ),
          },
          {
            id: 'notes',
            label: 'Notes',
            content: (
              <TabSection title="Notes" newLabel="New Note" onNew={newNote}>
                {withItems((loaded) => (
                  <NotesGrid notes={loaded.notes} onOpen={openNote} onEdit={editNote} onDelete={(note) => void removeNote(note)} />
                ))}
              </TabSection>
            ),
          },
          {
            // The project's own conversation (issue 37), a tab of its own: only a shown tab is rendered, so its
            // box is never beside an open task's.
            id: 'comments',
            label: 'Comments',
            content: <ProjectComments project={project} />,
          },
        ]}
      />
      {dialog?.kind === 'invite' ? (
        inviteDialog?.(closeDialog)
      ) : (
        <ProjectDialogs project={project} items={items.data} dialog={dialog} onClose={closeDialog} onTaskCreated={taskCreated} />
      )}
      {confirmDialog}
      {lifecycle.confirmDialog}
      {items.data ? <Outlet context={{ project, items: items.data, removeTask, pageHref: projectPageHref(project.id, chosenView) } satisfies ProjectDetailContext} /> : null}
    </div>
  );
}

/** The page's address, naming the Tasks tab's view if one was chosen (the task dialog goes back to it). */
function projectPageHref(projectId: string, view: TaskViewMode | undefined): string {
  const href = paths.app.project.getHref(projectId);
  return view ? `${href}?${new URLSearchParams({ [VIEW_PARAM]: view }).toString()}` : href;
}

/**
 * The Tasks and Notes tabs: a heading with the tab's New button (the first stop after the skip link) and
 * then `tools` (the Tasks tab's List/Kanban), then the content (a skip link's target).
 */
function TabSection({
  title,
  newLabel,
  onNew,
  sectionRef,
  tools,
  children,
}: {
  title: string;
  newLabel: string;
  onNew: () => void;
  sectionRef?: RefObject<HTMLElement | null>;
  tools?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section ref={sectionRef} className="tab-section" aria-labelledby={titleId} tabIndex={-1}>
      <div className="section-header">
        <h2 id={titleId} className="section-title">
          {title}
        </h2>
        <div className="section-header-tools">
          <NewItemButton label={newLabel} onClick={onNew} />
          {tools}
        </div>
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
  onTaskCreated,
}: {
  project: ProjectSummary;
  items: ProjectItems | undefined;
  dialog: OpenDialog | null;
  onClose: () => void;
  onTaskCreated: (task: TaskView) => void;
}) {
  const { data: projects = [] } = useProjects();
  const { workspaceId, id: projectId } = project;
  switch (dialog?.kind) {
    case 'createTask':
      return <TaskDialog mode="create" workspaceId={workspaceId} projectId={projectId} onClose={onClose} onCreated={onTaskCreated} />;
    case 'createMilestone':
      return <MilestoneDialog workspaceId={workspaceId} projectId={projectId} onClose={onClose} />;
    case 'editMilestone':
      return items ? (
        <OpenItemDialog item={items.milestones.find((candidate) => candidate.id === dialog.id)} what="milestone" onClose={onClose}>
          {(milestone) => <MilestoneDialog workspaceId={workspaceId} projectId={projectId} milestone={milestone} onClose={onClose} />}
        </OpenItemDialog>
      ) : null;
    case 'createNote':
      return <NoteDialog workspaceId={workspaceId} projects={projects} defaultProjectId={projectId} onClose={onClose} />;
    case 'editNote':
      return items ? (
        <OpenItemDialog item={items.notes.find((candidate) => candidate.id === dialog.id)} what="note" onClose={onClose}>
          {(note) => <OpenNote key={note.id} workspaceId={workspaceId} note={note} projects={projects} onClose={onClose} startEditing={dialog.form === true} />}
        </OpenItemDialog>
      ) : null;
    case 'editProject':
      return <ProjectSettingsDialog project={project} onClose={onClose} />;
    default:
      return null;
  }
}
