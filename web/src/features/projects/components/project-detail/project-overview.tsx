import type { ReactNode } from 'react';
import type { MilestoneView, NoteView, ProjectItems } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { overviewGroups, recentNotes, type OverviewGroup } from '../../utils/task-groups';
import { TaskCard } from '../task-board/task-card';
import { MilestonesTimeline } from './milestones-timeline';
import { NewItemButton } from './new-item-button';
import { NotesGrid } from './note-card';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `overview-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section className="overview-section" aria-labelledby={id}>
      <div className="section-header">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function TaskGroup({ group, more }: { group: OverviewGroup; more?: ReactNode }) {
  const id = `overview-group-${group.title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section className="overview-group" aria-labelledby={id}>
      <h3 className="overview-group-title">
        <span id={id}>{group.title}</span>
        <span className="board-column-count">
          {group.total}
          <span className="visually-hidden"> tasks</span>
        </span>
      </h3>
      {group.tasks.length === 0 ? (
        <p className="muted">No tasks</p>
      ) : (
        <ul className="overview-task-list">
          {group.tasks.map((task) => (
            <li key={task.id}>
              <TaskCard task={task} />
            </li>
          ))}
        </ul>
      )}
      {group.total > group.tasks.length ? more : null}
    </section>
  );
}

/**
 * The Overview tab (spec core §2): tasks grouped In Progress, To Do (first 3, then View all) and
 * Completed (first 3); the linked Google calendars' upcoming events; the milestones timeline; the 3 most
 * recent notes.
 */
export function ProjectOverview({
  items,
  onViewAllTasks,
  onViewAllNotes,
  onNewTask,
  onNewMilestone,
  onToggleMilestone,
  onEditMilestone,
  onDeleteMilestone,
  onOpenNote,
  onEditNote,
  onDeleteNote,
  upcomingEvents,
  justCreatedTaskId,
}: {
  items: ProjectItems;
  /** A task just created from this page: shown in its group even beyond the first 3. */
  justCreatedTaskId?: string | undefined;
  /** The linked calendars' next events (shown only when the project has a linked calendar). */
  upcomingEvents?: ReactNode;
  onViewAllTasks: () => void;
  onViewAllNotes: () => void;
  onNewTask: () => void;
  onNewMilestone: () => void;
  onToggleMilestone: (milestone: MilestoneView) => void;
  onEditMilestone: (milestone: MilestoneView) => void;
  onDeleteMilestone: (milestone: MilestoneView) => void;
  onOpenNote: (note: NoteView) => void;
  onEditNote: (note: NoteView) => void;
  onDeleteNote: (note: NoteView) => void;
}) {
  const groups = overviewGroups(items.tasks, justCreatedTaskId);
  const viewAll = (
    <Button size="sm" variant="ghost" onClick={onViewAllTasks}>
      View all
    </Button>
  );
  return (
    <div className="project-overview">
      <Section title="Tasks" action={<NewItemButton label="New Task" onClick={onNewTask} />}>
        <div className="overview-groups">
          <TaskGroup group={groups.inProgress} />
          <TaskGroup group={groups.todo} more={viewAll} />
          <TaskGroup group={groups.completed} />
        </div>
      </Section>
      {upcomingEvents}
      <Section title="Milestones" action={<NewItemButton label="New Milestone" onClick={onNewMilestone} />}>
        <MilestonesTimeline milestones={items.milestones} onToggle={onToggleMilestone} onEdit={onEditMilestone} onDelete={onDeleteMilestone} />
      </Section>
      <Section
        title="Recent Notes"
        action={
          items.notes.length > 0 ? (
            <Button size="sm" variant="ghost" onClick={onViewAllNotes}>
              View all notes
            </Button>
          ) : undefined
        }
      >
        <NotesGrid notes={recentNotes(items.notes)} onOpen={onOpenNote} onEdit={onEditNote} onDelete={onDeleteNote} />
      </Section>
    </div>
  );
}
