import { useMutationState } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import type { QuickAdd } from '@shared/rules/quick-add';
import type { TaskStatus } from '@shared/schemas/project';
import { useToast } from '@/components/ui/toast';
import { useToday } from '@/hooks/use-today';
import { apiErrorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format-date';
import { useWorkspaceMembers } from '@/features/members';
import { quickAddKey, useCreateTask, type CreateTaskValues } from '../../api/task-mutations';
import { priorityLabels } from '../../utils/labels';
import { estimateText } from '../../utils/task-labels';
import './quick-add.css';

export const QUICK_ADD_FAILED = 'Failed to create task';

// The line's parser (with chrono's English dates) loads with the first keystroke, not with the board.
const loadParser = () => import('@shared/rules/quick-add');
type Parse = Awaited<ReturnType<typeof loadParser>>['parseQuickAdd'];

/** What the line understood besides the title, as the chips show it. */
function chipsOf(parsed: QuickAdd): string[] {
  return [
    parsed.dueDate ? `Due ${formatDate(parsed.dueDate)}` : '',
    parsed.priority ? `${priorityLabels[parsed.priority]} priority` : '',
    parsed.assignee ? `Assigned to ${parsed.assignee.name}` : '',
    parsed.timeEstimate ? `${estimateText(parsed.timeEstimate)}` : '',
  ].filter(Boolean);
}

/**
 * "Add task" (issue 32): a one-line create at the top of a board column. Enter creates the task in that
 * column: the line empties at once and the task shows as "Saving…" until it is stored, then as its card; a
 * refusal gives the text back with the reason. The line understands 'tomorrow', 'fri', '!high', '@ana' and
 * '~90m', shown as chips before Enter.
 */
export function QuickAddTask({
  workspaceId,
  projectId,
  status,
  columnTitle,
}: {
  workspaceId: string;
  projectId: string;
  status: TaskStatus;
  /** Where the task goes, for the label ('Add task to In Progress'); empty for none. */
  columnTitle: string;
}) {
  const inputId = useId();
  const chipsId = useId();
  const today = useToday();
  const { user } = useAuth();
  const members = useWorkspaceMembers(workspaceId);
  const create = useCreateTask(workspaceId, projectId);
  const toast = useToast();
  const [text, setText] = useState('');
  const [parse, setParse] = useState<Parse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = useMutationState({
    filters: { mutationKey: quickAddKey(projectId), status: 'pending' },
    select: (mutation) => mutation.state.variables as CreateTaskValues | undefined,
  }).filter((values): values is CreateTaskValues => values?.status === status);

  const people = (members.data ?? []).map((member) => ({ userId: member.userId, name: member.displayName }));
  const read = (line: string, parser: Parse) => parser(line, today, people, user?.id);
  const parsed = parse && text.trim() ? read(text, parse) : null;
  const chips = parsed ? chipsOf(parsed) : [];

  const ensureParser = async (): Promise<Parse> => {
    if (parse) return parse;
    const { parseQuickAdd } = await loadParser();
    setParse(() => parseQuickAdd);
    return parseQuickAdd;
  };

  const submit = async () => {
    const line = text;
    const task = read(line, await ensureParser());
    if (!task.title) {
      setError('Type a title for the task');
      return;
    }
    setText('');
    setError(null);
    const values: CreateTaskValues = {
      title: task.title,
      status,
      ...(task.dueDate ? { dueDate: task.dueDate } : {}),
      ...(task.priority ? { priority: task.priority } : {}),
      ...(task.assignee ? { assignedTo: task.assignee.userId } : {}),
      ...(task.timeEstimate ? { timeEstimate: task.timeEstimate } : {}),
    };
    create.mutate(values, {
      onError: (failure) => {
        const message = apiErrorMessage(failure, QUICK_ADD_FAILED);
        toast.error(`${task.title}: ${message}`);
        // The text comes back unless something new was typed meanwhile.
        setText((current) => (current === '' ? line : current));
        setError(message);
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <div className="quick-add">
      <label className="quick-add-label" htmlFor={inputId}>
        Add task{columnTitle ? <span className="visually-hidden"> to {columnTitle}</span> : null}
      </label>
      <input
        id={inputId}
        className="input quick-add-input"
        value={text}
        placeholder="Title, then tomorrow !high @ana ~90m"
        autoComplete="off"
        aria-describedby={chips.length > 0 || error ? chipsId : undefined}
        aria-invalid={error ? true : undefined}
        onFocus={() => void ensureParser()}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      <div id={chipsId} className="quick-add-chips" aria-live="polite">
        {error ? (
          <span className="field-error">{error}</span>
        ) : (
          chips.map((chip) => (
            <span key={chip} className="quick-add-chip">
              {chip}
            </span>
          ))
        )}
      </div>
      {pending.length > 0 ? (
        <ul className="quick-add-pending" aria-label={columnTitle ? `Saving in ${columnTitle}` : 'Saving'}>
          {pending.map((values, index) => (
            <li key={`${values.title}-${index}`} className="task-card quick-add-saving">
              <span className="task-card-title">{values.title}</span>
              <span className="muted">Saving…</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
