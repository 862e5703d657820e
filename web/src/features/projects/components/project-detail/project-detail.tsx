import { useCallback, useState, type ReactNode } from 'react';
import { Link, Outlet, useNavigate } from 'react-router-dom';
import type { MilestoneView, NoteView, ProjectView } from '../../../../../../shared/schemas/project';
import { ActionAlert } from '../../../../components/ui/alert';
import { useConfirm } from '../../../../components/ui/confirm-dialog';
import { Tabs } from '../../../../components/ui/tabs';
import { paths } from '../../../../config/paths';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { DELETE_PROJECT_FAILED, UPDATE_PROJECT_FAILED } from '../../api/projects-api';
import { useProjectActions } from '../../api/use-project-actions';
import { writeError } from '../../utils/write-errors';
import { MilestoneDialog } from '../dialogs/milestone-dialog';
import { NoteDialog } from '../dialogs/note-dialog';
import { ProjectSettingsDialog } from '../dialogs/project-settings-dialog';
import { TaskDialog } from '../dialogs/task-dialog';
import { useProjects } from '../projects-provider';
import { TaskBoard } from '../task-board/task-board';
import { NewItemButton } from './new-item-button';
import { NotesGrid } from './note-card';
import type { ProjectDetailContext } from './project-detail-context';
import { ProjectHeader } from './project-header';
import { ProjectOverview } from './project-overview';
import './project-detail.css';

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

/** /projects/:projectId: the project from the workspace's list, or why it cannot be shown. */
export function ProjectDetail({ projectId }: { projectId: string }) {
  const { projects, loading, error, reload } = useProjects();
  const project = projects.find((candidate) => candidate.id === projectId);

  if (project) return <ProjectDetailView key={project.id} project={project} />;
  if (loading) {
    return (
      <p className="muted" role="status">
        Loading project...
      </p>
    );
  }
  if (error) return <ActionAlert message={error} actionLabel="Retry" onAction={() => void reload()} />;
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

function ProjectDetailView({ project }: { project: ProjectView }) {
  useDocumentTitle(project.name);
  const { projects } = useProjects();
  const actions = useProjectActions(project);
  const navigate = useNavigate();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [tab, setTab] = useState<TabId>('overview');
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const closeDialog = useCallback(() => setDialog(null), []);
  const reportError = useCallback((error: unknown, fallback: string) => setNotice(writeError(error, fallback).message), []);
  const leaveTo = () => void navigate(paths.home.getHref());

  const archive = async () => {
    if (!(await confirm({ message: confirmations.archiveProject, title: 'Archive Project', confirmLabel: 'Archive' }))) return;
    leaveTo();
    // Spec core §8: a failed project write is only logged; the page it concerns is gone.
    actions.archive().catch((failure: unknown) => console.error(UPDATE_PROJECT_FAILED, failure));
  };

  const deleteProject = async () => {
    if (!(await confirm({ message: confirmations.deleteProject, title: 'Delete Project', confirmLabel: 'Delete', danger: true }))) return;
    leaveTo();
    actions.deleteProject().catch((failure: unknown) => console.error(DELETE_PROJECT_FAILED, failure));
  };

  const deleteMilestone = async (milestone: MilestoneView) => {
    if (!(await confirm({ message: confirmations.deleteMilestone, title: 'Delete Milestone', confirmLabel: 'Delete', danger: true }))) return;
    actions.deleteMilestone(milestone).catch((failure: unknown) => reportError(failure, 'Failed to delete milestone'));
  };

  const deleteNote = async (note: NoteView) => {
    if (!(await confirm({ message: confirmations.deleteNote, title: 'Delete Note', confirmLabel: 'Delete', danger: true }))) return;
    actions.deleteNote(note).catch((failure: unknown) => reportError(failure, 'Failed to delete note'));
  };

  const toggleMilestone = (milestone: MilestoneView) =>
    actions.toggleMilestone(milestone).catch((failure: unknown) => reportError(failure, 'Failed to update milestone'));
  const editMilestone = (milestone: MilestoneView) => setDialog({ kind: 'editMilestone', id: milestone.id });
  const editNote = (note: NoteView) => setDialog({ kind: 'editNote', id: note.id });
  const newTask = () => setDialog({ kind: 'createTask' });
  const newNote = () => setDialog({ kind: 'createNote' });

  const outletContext: ProjectDetailContext = { project, actions, reportError };

  return (
    <div className="page project-detail">
      <ProjectHeader
        project={project}
        onSettings={() => setDialog({ kind: 'editProject' })}
        onToggleFavorite={() => actions.toggleFavorite().catch((failure: unknown) => reportError(failure, UPDATE_PROJECT_FAILED))}
        onArchive={() => void archive()}
        onDelete={() => void deleteProject()}
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
            content: (
              <ProjectOverview
                project={project}
                onViewAllTasks={() => setTab('tasks')}
                onViewAllNotes={() => setTab('notes')}
                onNewTask={newTask}
                onNewMilestone={() => setDialog({ kind: 'createMilestone' })}
                onToggleMilestone={(milestone) => void toggleMilestone(milestone)}
                onEditMilestone={editMilestone}
                onDeleteMilestone={(milestone) => void deleteMilestone(milestone)}
                onEditNote={editNote}
                onDeleteNote={(note) => void deleteNote(note)}
              />
            ),
          },
          {
            id: 'tasks',
            label: 'Tasks',
            content: (
              <TabSection title="Board" newLabel="New Task" onNew={newTask}>
                <TaskBoard tasks={project.tasks} moveTask={actions.moveTask} onError={(failure) => reportError(failure, 'Failed to move task')} />
              </TabSection>
            ),
          },
          {
            id: 'notes',
            label: 'Notes',
            content: (
              <TabSection title="Notes" newLabel="New Note" onNew={newNote}>
                <NotesGrid notes={project.notes} onEdit={editNote} onDelete={(note) => void deleteNote(note)} />
              </TabSection>
            ),
          },
        ]}
      />
      <ProjectDialogs project={project} projects={projects} actions={actions} dialog={dialog} onClose={closeDialog} />
      {confirmDialog}
      <Outlet context={outletContext} />
    </div>
  );
}

/** The Tasks and Notes tabs: a heading with the tab's New button, then the content. */
function TabSection({ title, newLabel, onNew, children }: { title: string; newLabel: string; onNew: () => void; children: ReactNode }) {
  return (
    <div className="tab-section">
      <div className="section-header">
        <h2 className="section-title">{title}</h2>
        <NewItemButton label={newLabel} onClick={onNew} />
      </div>
      {children}
    </div>
  );
}

/** The dialog the page has open, with the item it edits as the list holds it now (closed if it is gone). */
function ProjectDialogs({
  project,
  projects,
  actions,
  dialog,
  onClose,
}: {
  project: ProjectView;
  projects: readonly ProjectView[];
  actions: ProjectDetailContext['actions'];
  dialog: OpenDialog | null;
  onClose: () => void;
}) {
  switch (dialog?.kind) {
    case 'createTask':
      return <TaskDialog mode="create" onSubmit={actions.createTask} onClose={onClose} />;
    case 'createMilestone':
      return <MilestoneDialog onSubmit={actions.createMilestone} onClose={onClose} />;
    case 'editMilestone': {
      const milestone = project.milestones.find((candidate) => candidate.id === dialog.id);
      return milestone ? <MilestoneDialog milestone={milestone} onSubmit={(input, read) => actions.editMilestone(read ?? milestone, input)} onClose={onClose} /> : null;
    }
    case 'createNote':
      return (
        <NoteDialog
          projects={projects}
          defaultProjectId={project.id}
          onSubmit={({ projectId, ...input }) => actions.createNote(projectId, input)}
          onClose={onClose}
        />
      );
    case 'editNote': {
      const note = project.notes.find((candidate) => candidate.id === dialog.id);
      return note ? <NoteDialog note={note} projects={projects} defaultProjectId={project.id} onSubmit={(input, read) => actions.editNote(read ?? note, input)} onClose={onClose} /> : null;
    }
    case 'editProject':
      return <ProjectSettingsDialog project={project} onSubmit={(input, read) => actions.editProject(read, input)} onClose={onClose} />;
    default:
      return null;
  }
}
