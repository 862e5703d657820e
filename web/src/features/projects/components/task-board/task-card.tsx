import { memo, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { toCalendarDate } from '@shared/rules/calendar-date';
import type { TaskView } from '@shared/schemas/project';
import { AlertCircleIcon } from '@/components/ui/action-icons';
import { CalendarIcon, CheckSquareIcon, ClockIcon, CommentIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { LabelChips } from '@/features/labels';
import { formatDate } from '@/lib/format-date';
import { useOpenBlockers } from '../../api/open-tasks';
import { useSubtaskContext } from '../../api/subtasks';
import { priorityLabels } from '../../utils/labels';
import { dueLabel, estimateText, isOverdue } from '../../utils/task-labels';
import { AssigneeAvatar } from '../assignee';
import { ParentTaskName } from '../parent-task-name';
import '../priority-badge.css';
import { LazyRepeatBadge } from './repeat-lazy';
import './task-card.css';

/**
 * A task's facts in words with an icon each, so none needs the colour or the icon to be read: priority, the
 * due date's label ('Tomorrow', '3 days ago'; the exact date on hover and in the time element, and 'Due' or
 * 'Overdue, due' for screen readers), '2h estimate', comments ('3', said as '3 comments'), assignee, labels.
 */
export function TaskFacts({ task }: { task: TaskView }) {
  const today = toCalendarDate(new Date());
  const overdue = isOverdue(task, today);
  return (
    <div className="task-card-meta">
      {/* Only a card with blockers watches the open tasks (a board of hundreds of cards watches a few). */}
      {task.blockedBy && task.blockedBy.length > 0 && !task.completed ? <BlockedBadge task={task} /> : null}
      <SubtaskFact task={task} />
      <span className={`priority-badge priority-${task.priority}`}>
        {priorityLabels[task.priority]}
        <span className="visually-hidden"> priority</span>
      </span>
      {task.dueDate ? (
        <span className={overdue ? 'task-fact task-due task-due-overdue' : 'task-fact task-due'}>
          {overdue ? <AlertCircleIcon /> : <CalendarIcon />}
          <time dateTime={task.dueDate} title={formatDate(task.dueDate)}>
            <span className="visually-hidden">{overdue ? 'Overdue, due ' : 'Due '}</span>
            {dueLabel(task.dueDate, today)}
          </time>
        </span>
      ) : null}
      {task.repeat ? <LazyRepeatBadge repeat={task.repeat} /> : null}
      {task.timeEstimate !== null ? (
        <span className="task-fact task-estimate">
          <ClockIcon />
          {estimateText(task.timeEstimate)}
        </span>
      ) : null}
      {task.commentCount ? (
        <span className="task-fact task-comments" title={commentsText(task.commentCount)}>
          <CommentIcon />
          <span aria-hidden="true">{task.commentCount}</span>
          <span className="visually-hidden">{commentsText(task.commentCount)}</span>
        </span>
      ) : null}
      <AssigneeAvatar userId={task.assignedTo} />
      {/* Only a card with labels watches the workspace's labels. */}
      {task.labelIds?.length ? <LabelChips labelIds={task.labelIds} /> : null}
    </div>
  );
}

const commentsText = (count: number) => `${count} ${count === 1 ? 'comment' : 'comments'}`;

/** 'Blocked': some task it waits for is open; which ones on hover and for screen readers. */
function BlockedBadge({ task }: { task: TaskView }) {
  const blockers = useOpenBlockers(task);
  if (blockers.length === 0) return null;
  const names = blockers.map((blocker) => blocker.title).join(', ');
  return (
    <span className="task-fact task-blocked" title={`Blocked by ${names}`}>
      Blocked<span className="visually-hidden"> by {names}</span>
    </span>
  );
}

/** A parent's progress ('3/5', said as '3 of 5 sub-tasks done'), or the parent a sub-task belongs to. */
function SubtaskFact({ task }: { task: TaskView }) {
  const { progress } = useSubtaskContext(task);
  if (progress) {
    return (
      <span className="task-fact task-subtasks" title={`${progress.done} of ${progress.total} sub-tasks done`}>
        <CheckSquareIcon />
        <span aria-hidden="true">{`${progress.done}/${progress.total}`}</span>
        <span className="visually-hidden">{`${progress.done} of ${progress.total} sub-tasks done`}</span>
      </span>
    );
  }
  return <ParentTaskName task={task} className="task-fact task-parent" />;
}

/**
 * A task's title (a link that opens the Edit Task dialog) and its facts. On a board card the link is out of
 * the Tab order (`linkTabIndex` -1): the card is the one stop and Enter on it follows the link. Memoised: a
 * card's render for its selected state or completion checkbox leaves its body alone.
 */
export const TaskCardBody = memo(function TaskCardBody({
  task,
  linked = true,
  titleId,
  linkRef,
  linkTabIndex,
}: {
  task: TaskView;
  linked?: boolean;
  titleId?: string;
  linkRef?: Ref<HTMLAnchorElement>;
  linkTabIndex?: number;
}) {
  const title = (
    <span id={titleId} className="task-card-title-text">
      {task.title}
    </span>
  );
  return (
    <div className="task-card-body">
      {linked ? (
        <Link ref={linkRef} className="task-card-title" to={paths.app.projectTask.getHref(task.projectId, task.id)} draggable={false} tabIndex={linkTabIndex}>
          {title}
        </Link>
      ) : (
        <span className="task-card-title">{title}</span>
      )}
      <TaskFacts task={task} />
    </div>
  );
});

/** The class of a card's frame; a completed task's title is struck through. */
export function taskCardClass(task: TaskView, className?: string): string {
  return ['task-card', task.completed ? 'task-card-completed' : '', className].filter(Boolean).join(' ');
}

/** A card that only shows the task: the overview's groups and the card under the pointer while dragging. */
export function TaskCard({ task, linked, className }: { task: TaskView; linked?: boolean; className?: string }) {
  return (
    <div className={taskCardClass(task, className)}>
      <TaskCardBody task={task} {...(linked === undefined ? {} : { linked })} />
    </div>
  );
}
