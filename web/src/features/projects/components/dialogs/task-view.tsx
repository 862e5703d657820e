import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { priorities, TASK_TITLE_MAX_LENGTH, TIME_ESTIMATE_STEP_MINUTES, taskStatuses, type TaskView as Task } from '@shared/schemas/project';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DISCARD_QUESTION } from '@/hooks/use-discard-guard';
import { Dialog } from '@/components/ui/dialog';
import { MarkdownContent } from '@/components/ui/markdown';
import { useAuth } from '@/lib/auth';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { formatDate } from '@/lib/format-date';
import { singleKeyShortcutsOn } from '@/lib/single-key-shortcuts';
import { LabelChips } from '@/features/labels';
import { useWorkspaceMembers } from '@/features/members';
import { writeError } from '@/lib/write-error';
import { useUpdateTask, type TaskEdit } from '../../api/task-mutations';
import { priorityLabels } from '../../utils/labels';
import { parseTimeEstimate } from '../../utils/task-form';
import { columnTitle } from '../../utils/task-groups';
import { subtasksOf } from '@shared/rules/subtasks';
import { LazyRepeatText } from '../task-board/repeat-lazy';
import { BlockersField } from './blockers-field';
import { SubtasksSection } from './subtasks-section';
import { TaskAttachmentsSection } from './task-attachments-section';
import { CommentsSection } from './comments-section';
import { TaskHistorySection } from './task-history-section';
import { MentionTextarea, type MentionDraft } from '../mentions/mention-textarea';
import { toEditable, toStored, type MentionMember } from '../../utils/mention-text';
import { completeParentQuestion, deleteTaskQuestion } from '../../utils/subtask-questions';
import './task-view.css';

/** The facts that edit in place, and the key that opens each (the task view's own shortcuts). */
type Editing = 'title' | 'status' | 'priority' | 'assignedTo' | 'dueDate' | 'timeEstimate' | 'description';
export const TASK_VIEW_KEYS: Readonly<Record<string, Editing>> = { s: 'status', p: 'priority', a: 'assignedTo', d: 'dueDate', e: 'description' };
const UPDATE_FAILED = 'Failed to update task';

const isTyping = (target: EventTarget) => target instanceof HTMLElement && (target.isContentEditable || target.closest('input, textarea, select') !== null);

/**
 * A task as it is opened (issue 32): its title, its description rendered, and its facts — status, priority,
 * assignee, due date, estimate, project, labels, repeat (issue 36), blockers — most changed in place with a
 * click or a key (s status, p priority, a assignee, d due date, e description; Escape leaves an editor, then
 * the view). Each change is saved at once, with the version it was made on. "Edit all fields" opens the form
 * (Edit Task), where the labels and the repeat change too.
 */
export function TaskView({
  workspaceId,
  projectName,
  task,
  onClose,
  onEditAll,
  onDelete,
  className,
  projectTasks,
}: {
  workspaceId: string;
  projectName: string;
  /** The task as the cache holds it now (pushes included): each edit is made on its version. */
  task: Task;
  onClose: () => void;
  onEditAll: () => void;
  onDelete: () => void;
  /** 'task-sheet' on the phone: a sheet from the bottom, thumb-sized facts. */
  className?: string;
  /** The project's tasks, for its sub-tasks (issue 36); without them the view has no Sub-tasks section. */
  projectTasks?: readonly Task[];
}) {
  const [editing, setEditing] = useState<Editing | null>(null);
  // When an editor closes, focus goes back to its fact's button (the editor it replaced is gone).
  const factButtons = useRef(new Map<Editing, HTMLButtonElement>());
  const lastEditing = useRef<Editing | null>(null);
  useEffect(() => {
    if (editing === null && lastEditing.current) factButtons.current.get(lastEditing.current)?.focus();
    lastEditing.current = editing;
  }, [editing]);
  const [failure, setFailure] = useState<unknown>(null);
  const update = useUpdateTask();
  const { confirm, choose, dialog: confirmDialog } = useConfirm();
  // What is typed and not saved (a changed description in its editor, a comment not sent): Escape or the
  // close button asks before dropping it, as the forms do.
  const unsentDescription = useRef(false);
  const unsentComment = useRef(false);
  const setUnsentComment = useCallback((unsent: boolean) => {
    unsentComment.current = unsent;
  }, []);
  useEffect(() => {
    if (editing !== 'description') unsentDescription.current = false;
  }, [editing]);
  const requestClose = async () => {
    const unsent = editing ? editing === 'description' && unsentDescription.current : unsentComment.current;
    if (unsent && !(await confirm(DISCARD_QUESTION))) return;
    if (editing) setEditing(null);
    else onClose();
  };
  const subtasks = projectTasks ? subtasksOf(projectTasks, task.id) : [];
  const openSubtasks = subtasks.filter((subtask) => !subtask.completed).length;
  const { currentWorkspace } = useCurrentWorkspace();
  const members = useWorkspaceMembers(currentWorkspace?.id);
  const memberList = members.data ?? [];
  const memberName = (userId: string) => memberList.find((member) => member.userId === userId)?.displayName;
  const { user } = useAuth();
  // An owner or admin may delete anyone's comment or attachment.
  const moderator = currentWorkspace?.role === 'owner' || currentWorkspace?.role === 'admin';
  // A refused change says why beside its fact; anything else (a conflict, no connection) above them all.
  const written = failure ? writeError(failure, UPDATE_FAILED) : null;
  const fieldError = (field: string) => written?.fields[field];

  const save = (edit: TaskEdit) => {
    setEditing(null);
    setFailure(null);
    update.mutate({ workspaceId, task, edit }, { onError: setFailure });
  };
  const assigneeName = task.assignedTo ? (members.data?.find((member) => member.userId === task.assignedTo)?.displayName ?? 'A former member') : 'Unassigned';

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target) || !singleKeyShortcutsOn()) return;
    const opens = TASK_VIEW_KEYS[event.key.toLowerCase()];
    if (!opens) return;
    event.preventDefault();
    setEditing(opens);
  };
  const remove = async () => {
    if (await confirm({ message: deleteTaskQuestion(subtasks.length), title: 'Delete Task', confirmLabel: 'Delete', danger: true })) onDelete();
  };
  // Completing a parent with open sub-tasks asks whether they are done too.
  const toggleCompleted = async () => {
    if (task.completed || openSubtasks === 0) {
      save({ completed: !task.completed });
      return;
    }
    const choice = await choose(completeParentQuestion(task.title, openSubtasks));
    if (choice !== 'cancel') save({ completed: true, ...(choice === 'confirm' ? { completeSubtasks: true } : {}) });
  };

  /** One fact: its value as a button that opens its editor, or the editor. */
  const fact = (name: Editing, label: string, shown: string, editor: ReactNode, key?: string) => (
    <div className="task-view-fact">
      <dt>{label}</dt>
      <dd>
        {editing === name ? (
          editor
        ) : (
          <button
            type="button"
            ref={(element) => {
              if (element) factButtons.current.set(name, element);
              else factButtons.current.delete(name);
            }}
            className="task-view-value"
            aria-label={`${label}: ${shown}. Change${key ? ` (${key.toUpperCase()})` : ''}`} aria-keyshortcuts={key} onClick={() => setEditing(name)}>
            {shown}
          </button>
        )}
        {fieldError(name) ? <span className="field-error">{fieldError(name)}</span> : null}
      </dd>
    </div>
  );
  const select = (name: 'status' | 'priority' | 'assignedTo', label: string, value: string, options: readonly (readonly [string, string])[]) => (
    // Saved when chosen; leaving it unchanged closes it.
    <select
      aria-label={label}
      className="input"
      // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the editor opens where the user pressed, to be used at once
      autoFocus
      defaultValue={value}
      onChange={(event) => save(name === 'assignedTo' ? { assignedTo: event.target.value || null } : { [name]: event.target.value })}
      onBlur={() => setEditing(null)}
    >
      {options.map(([optionValue, optionLabel]) => (
        <option key={optionValue} value={optionValue}>
          {optionLabel}
        </option>
      ))}
    </select>
  );
  /** A text-like editor: Enter (or leaving it) saves what changed. */
  const input = (label: string, value: string, toEdit: (text: string) => TaskEdit, props: Record<string, unknown> = {}) => (
    <input
      aria-label={label}
      className="input"
      // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the editor opens where the user pressed, to be used at once
      autoFocus
      defaultValue={value}
      {...props}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          event.currentTarget.blur();
        }
      }}
      onBlur={(event) => (event.currentTarget.value === value ? setEditing(null) : save(toEdit(event.currentTarget.value)))}
    />
  );

  return (
    <Dialog
      title={task.title}
      className={['task-view', className].filter(Boolean).join(' ')}
      // Escape leaves an open editor first (the browser routes it to the dialog's cancel).
      onClose={() => void requestClose()}
      headerActions={
        <Button size="sm" variant="ghost" onClick={onEditAll}>
          Edit all fields
        </Button>
      }
    >
      {/* eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- the view's letter keys, as the board's cards have theirs; every fact is a button too */}
      <div className="task-view-body" onKeyDown={onKeyDown}>
        {written && Object.keys(written.fields).length === 0 ? <Alert>{written.message}</Alert> : null}
        {editing === 'title' ? (
          input('Title', task.title, (title) => ({ title }), { maxLength: TASK_TITLE_MAX_LENGTH })
        ) : (
          <Button size="sm" variant="ghost" className="task-view-rename" onClick={() => setEditing('title')}>
            Rename
          </Button>
        )}
        {fieldError('title') ? <p className="field-error">{fieldError('title')}</p> : null}

        <dl className="task-view-facts">
          {fact('status', 'Status', columnTitle(task.status), select('status', 'Status', task.status, taskStatuses.map((status) => [status, columnTitle(status)])), 's')}
          {fact('priority', 'Priority', priorityLabels[task.priority], select('priority', 'Priority', task.priority, priorities.map((priority) => [priority, priorityLabels[priority]])), 'p')}
          {fact(
            'assignedTo',
            'Assignee',
            assigneeName,
            select('assignedTo', 'Assignee', task.assignedTo ?? '', [['', 'Unassigned'], ...(members.data ?? []).map((member) => [member.userId, member.displayName] as const)]),
            'a',
          )}
          {fact('dueDate', 'Due date', task.dueDate ? formatDate(task.dueDate) : 'None', input('Due date', task.dueDate ?? '', (date) => ({ dueDate: date || null }), { type: 'date' }), 'd')}
          {fact(
            'timeEstimate',
            'Estimate',
            task.timeEstimate === null ? 'None' : `${task.timeEstimate} min`,
            input('Estimate (minutes)', task.timeEstimate === null ? '' : String(task.timeEstimate), (text) => ({ timeEstimate: parseTimeEstimate(text) }), {
              type: 'number',
              min: 0,
              step: TIME_ESTIMATE_STEP_MINUTES,
              inputMode: 'numeric',
            }),
          )}
          <div className="task-view-fact">
            <dt>Project</dt>
            <dd>{projectName}</dd>
          </div>
          {/* Changed in the form (Edit all fields), as they are many choices each. */}
          <div className="task-view-fact">
            <dt>Labels</dt>
            <dd className="task-view-static">
              <LabelChips labelIds={task.labelIds} empty="None" />
            </dd>
          </div>
          <div className="task-view-fact">
            <dt>Repeat</dt>
            <dd className="task-view-static">{task.repeat ? <LazyRepeatText repeat={task.repeat} /> : 'Does not repeat'}</dd>
          </div>
        </dl>

        <section className="task-view-description" aria-labelledby="task-view-description-title">
          <div className="task-view-section-head">
            <h3 id="task-view-description-title">Description</h3>
            {editing === 'description' ? null : (
              <Button size="sm" variant="ghost" aria-keyshortcuts="e" onClick={() => setEditing('description')}>
                Edit description
              </Button>
            )}
          </div>
          {editing === 'description' ? (
            <DescriptionEditor
              value={task.description}
              members={memberList}
              onSave={(description) => save({ description })}
              onCancel={() => setEditing(null)}
              onUnsentChange={(unsent) => (unsentDescription.current = unsent)}
            />
          ) : task.description.trim() ? (
            <MarkdownContent mentionName={memberName}>{task.description}</MarkdownContent>
          ) : (
            <p className="muted">No description.</p>
          )}
          {fieldError('description') ? <p className="field-error">{fieldError('description')}</p> : null}
        </section>

        {projectTasks ? <SubtasksSection workspaceId={workspaceId} task={task} projectTasks={projectTasks} /> : null}
        {fieldError('parentId') ? <p className="field-error">{fieldError('parentId')}</p> : null}

        <BlockersField taskId={task.id} value={task.blockedBy ?? []} onChange={(blockedBy) => save({ blockedBy: [...blockedBy] })} error={fieldError('blockedBy')} />
        {fieldError('completed') ? <p className="field-error">{fieldError('completed')}</p> : null}

        <TaskAttachmentsSection target={{ workspaceId, projectId: task.projectId, taskId: task.id }} userId={user?.id} moderator={moderator} />

        <CommentsSection
          target={{ workspaceId, projectId: task.projectId, taskId: task.id }}
          members={memberList}
          userId={user?.id}
          moderator={moderator}
          onUnsentChange={setUnsentComment}
        />

        <TaskHistorySection workspaceId={workspaceId} projectId={task.projectId} taskId={task.id} />

        <div className="task-view-actions">
          <Button variant="danger" onClick={() => void remove()}>
            Delete Task
          </Button>
          <Button variant="primary" onClick={() => void toggleCompleted()}>
            {task.completed ? 'Reopen task' : 'Mark as completed'}
          </Button>
        </div>
        <p className="muted task-view-keys">Keys: S status, P priority, A assignee, D due date, E description, Esc close.</p>
      </div>
      {confirmDialog}
    </Dialog>
  );
}

/** The description's editor: the markdown as text, with @mentions; Save (or Ctrl+Enter) keeps it, Cancel leaves it. */
function DescriptionEditor({
  value,
  members,
  onSave,
  onCancel,
  onUnsentChange,
}: {
  value: string;
  members: readonly MentionMember[];
  onSave: (text: string) => void;
  onCancel: () => void;
  /** Told whether the text differs from the saved description. */
  onUnsentChange: (unsent: boolean) => void;
}) {
  const [draft, setDraft] = useState<MentionDraft>(() => toEditable(value, members));
  const change = (next: MentionDraft) => {
    setDraft(next);
    onUnsentChange(toStored(next.text, next.chosen) !== value);
  };
  const saveDraft = () => onSave(toStored(draft.text, draft.chosen));
  return (
    <div className="task-view-description-editor">
      <MentionTextarea
        aria-label="Description"
        className="input textarea"
        // eslint-disable-next-line jsx-a11y-x/no-autofocus -- opened by the user's own press, to type at once
        autoFocus
        rows={6}
        value={draft}
        members={members}
        onChange={change}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) saveDraft();
        }}
      />
      <div className="task-view-description-buttons">
        <Button size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" variant="primary" onClick={saveDraft}>
          Save
        </Button>
      </div>
    </div>
  );
}
