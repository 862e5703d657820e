import { dayInWords } from '../../../shared/rules/weekly-planner.js';
import type { ToolResultMessage } from '../providers/types.js';

/**
 * What the offline assistant says once its tools have run: plain markdown built from their results. The
 * results are the tools' own summaries (tools.ts), read defensively: a model-less reply must never fail.
 */
export const HELP_TEXT = [
  "I'm the built-in assistant: I work without a language model, so I understand requests like these:",
  '',
  '- **Create a task**: "add a high priority task \'Write spec\' to Apollo due next Friday, 90 min, assigned to me"',
  '- **Change a task**: "move Write spec to in progress", "set the priority of Write spec to low", "reschedule Write spec to Dec 5", "assign Write spec to Ana", "unassign Write spec", "rename Write spec to Write the spec", "Write spec will take 3 hours"',
  '- **Complete a task**: "complete Write spec"',
  '- **Find tasks**: "what is overdue?", "what\'s due tomorrow", "what is in progress", "what is Ana working on", "show high priority tasks in Apollo", "show Write spec"',
  '- **Projects**: "list projects", "how is Apollo going?", "set the deadline of Apollo to Dec 20", "make project Apollo high priority", "star Apollo"',
  '- **Milestones**: "add a milestone \'Beta\' to Apollo due Dec 5", "complete milestone Beta", "move milestone Beta to Dec 10", "list milestones in Apollo"',
  '- **Plan**: "plan my week" (a preview of the weekly plan; nothing is saved), "what is at risk this week?", "why is Write spec on Thursday?", "move Write spec to next week and replan", "who has room on Friday?"',
  '- **Notes**: "add a note \'Standup\' to Apollo: we ship on Friday"',
  '',
  'Several at once: put one request on each line.',
].join('\n');

type Row = Record<string, unknown>;

const asRow = (value: unknown): Row => (typeof value === 'object' && value !== null ? (value as Row) : {});
const asRows = (value: unknown): Row[] => (Array.isArray(value) ? value.map(asRow) : []);
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
/** A date as people say it ('Fri 4 Dec'); anything else as it is. */
const day = (value: unknown): string => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayInWords(value) : text(value));

const priorityWords: Record<string, string> = { high: 'high priority', medium: '', low: 'low priority' };

function taskLine(task: Row): string {
  const details = [
    text(task.project),
    task.dueDate ? `due ${day(task.dueDate)}` : '',
    priorityWords[text(task.priority)] ?? '',
    task.status === 'in_progress' ? 'in progress' : '',
    task.assignee ? `assigned to ${text(task.assignee)}` : '',
  ].filter(Boolean);
  return `- **${text(task.title)}**${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
}

/** 'Write spec (labels: Bug, Urgent)', or the title alone. */
function titleWithLabels(task: Row): string {
  const labels = Array.isArray(task.labels) ? task.labels.map(text).filter(Boolean) : [];
  return labels.length > 0 ? `${text(task.title)} (labels: ${labels.join(', ')})` : text(task.title);
}

const statusWords: Record<string, string> = { todo: 'to do', in_progress: 'in progress', completed: 'completed' };

/** A task after a change, all of it: 'to do, high priority, due Fri 4 Dec, assigned to Ana, estimate 90 min'. */
function taskState(task: Row): string {
  return [
    statusWords[text(task.status)] ?? '',
    `${text(task.priority)} priority`,
    task.dueDate ? `due ${day(task.dueDate)}` : 'no due date',
    task.assignee ? `assigned to ${text(task.assignee)}` : 'unassigned',
    task.timeEstimate ? `estimate ${text(task.timeEstimate)} min` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

function projectChanged(project: Row): string {
  const details = [`${text(project.priority)} priority`, project.deadline ? `deadline ${day(project.deadline)}` : 'no deadline', project.favorite === true ? 'a favourite' : ''];
  return `Done: **${text(project.name)}** is now: ${details.filter(Boolean).join(', ')}.`;
}

function milestoneChanged(milestone: Row): string {
  return `Done: the milestone **${text(milestone.title)}** is due ${day(milestone.dueDate)}${milestone.completed === true ? ' and completed' : ''}.`;
}

function describeResult(result: ToolResultMessage): string {
  if (result.isError) return `I couldn't do that: ${text(asRow(result.content).error) || 'something went wrong'}`;
  const content = asRow(result.content);
  switch (result.name) {
    case 'create_task': {
      const details = [content.dueDate ? `due ${day(content.dueDate)}` : '', priorityWords[text(content.priority)] ?? '', content.timeEstimate ? `${text(content.timeEstimate)} min` : '']
        .filter(Boolean)
        .join(', ');
      const where = content.parent ? `as a sub-task of **${text(content.parent)}**` : `in ${text(content.project)}`;
      return `Done: I created **${text(content.title)}** ${where}${details ? ` (${details})` : ''}.`;
    }
    case 'update_task':
      return `Done: **${text(content.title)}** is now ${taskState(content)}.`;
    case 'complete_task':
      return `Marked **${text(content.title)}** as completed.`;
    case 'update_project':
    case 'update_milestone':
      if (content.unchanged === true) return `**${text(content.name ?? content.title)}** was already like that: nothing changed.`;
      return result.name === 'update_project' ? projectChanged(content) : milestoneChanged(content);
    case 'list_milestones': {
      const milestones = asRows(result.content);
      if (milestones.length === 0) return 'No milestones there yet.';
      return [
        `The milestones of ${text(milestones[0]?.project)}:`,
        ...milestones.map((milestone) => `- **${text(milestone.title)}**: due ${day(milestone.dueDate)}${milestone.completed === true ? ', completed' : ''}`),
      ].join('\n');
    }
    case 'create_milestone':
      return `Done: I created the milestone **${text(content.title)}** in ${text(content.project)}, due ${day(content.dueDate)}.`;
    case 'create_note':
      return `Created the note **${text(content.title)}** in ${text(content.project)}.`;
    case 'list_projects': {
      const projects = asRows(result.content);
      if (projects.length === 0) return 'This workspace has no projects yet.';
      return ['Your projects:', ...projects.map((project) => `- **${text(project.name)}**: ${text(project.progress)}% (${text(project.completed)} of ${text(project.tasks)} tasks)`)].join('\n');
    }
    case 'list_tasks': {
      const tasks = asRows(content.tasks);
      if (tasks.length === 0) return `${text(content.none) || 'No tasks match'}.`;
      const more = Number(content.more ?? 0);
      return [`Here ${tasks.length === 1 ? 'is 1 task' : `are ${tasks.length} tasks`}:`, ...tasks.map(taskLine), ...(more > 0 ? [`…and ${more} more.`] : [])].join('\n');
    }
    case 'get_task': {
      const subtasks = asRows(content.subtasks);
      return [
        taskLine(content),
        content.parent ? `  A sub-task of **${text(content.parent)}**.` : '',
        subtasks.length > 0 ? `  Sub-tasks, ${subtasks.filter((subtask) => subtask.done === true).length} of ${subtasks.length} done: ${subtasks.map((subtask) => `${text(subtask.title)}${subtask.done === true ? ' (done)' : ''}`).join(', ')}.` : '',
      ]
        .filter(Boolean)
        .join('\n');
    }
    case 'summarize_project': {
      const overdue = Array.isArray(content.overdue) ? content.overdue.map(text) : [];
      const milestone = asRow(content.nextMilestone);
      return [
        `**${text(content.project)}** is ${text(content.progress)}% done: ${text(content.completed)} of ${text(content.tasks)} tasks completed, ${text(content.inProgress)} in progress.`,
        overdue.length > 0 ? `Overdue: ${overdue.map((title) => `**${title}**`).join(', ')}.` : 'Nothing is overdue.',
        milestone.title ? `Next milestone: **${text(milestone.title)}** on ${day(milestone.dueDate)}.` : '',
        content.deadline ? `Deadline: ${day(content.deadline)}.` : '',
      ]
        .filter(Boolean)
        .join('\n');
    }
    case 'preview_weekly_plan': {
      const days = asRows(content.days);
      const lines = days.map((dayRow) => {
        const tasks = asRows(dayRow.tasks);
        const hours = Number(dayRow.totalMinutes ?? 0) / 60;
        return `- **${day(dayRow.date)}**: ${tasks.length === 0 ? 'free' : `${tasks.map(titleWithLabels).join(', ')} (${hours.toFixed(1)} h)`}`;
      });
      const notFitting = asRows(content.notFitting);
      return [
        'Your next 7 days, as the weekly plan would spread your open tasks:',
        ...lines,
        notFitting.length > 0 ? `\nWould not fit: ${notFitting.map((task) => `**${text(task.title)}** (${text(task.reason)})`).join(', ')}.` : '',
        "\nNothing is saved: **Generate Your Weekly Plan** on the dashboard sets these due dates.",
      ]
        .filter(Boolean)
        .join('\n');
    }
    case 'plan_risks': {
      const items = asRows(content.atRisk);
      if (items.length === 0) return 'Nothing is at risk this week: the plan keeps every deadline.';
      return [
        `At risk this week (${items.length}):`,
        ...items.map((item) => `- **${text(item.title)}** (${text(item.project)}): ${text(item.why)}${item.roomWith ? `. ${text(item.roomWith)} has room for it` : ''}`),
        '\nFixes: move a task to next week, reassign it, or split it (the dashboard’s **At risk** card has them as buttons).',
      ].join('\n');
    }
    case 'explain_plan_day':
      return content.plannedFor
        ? `**${text(content.title)}** is planned for ${text(content.plannedFor)}: ${text(content.why)}.${content.atRisk ? ` At risk: ${text(content.atRisk)}.` : ''}`
        : `**${text(content.title)}** is not planned this week: ${text(content.why)}`;
    case 'move_to_next_week': {
      const moved = asRow(content.moved);
      const days = asRows(content.replanned).map((dayRow) => {
        const tasks = Array.isArray(dayRow.tasks) ? dayRow.tasks.map(text) : [];
        return `- **${text(dayRow.day)}**: ${tasks.length === 0 ? 'free' : tasks.join(', ')}`;
      });
      return [`Moved **${text(moved.title)}** to next week (due ${day(moved.dueDate)}). The week, replanned:`, ...days, '\nNothing else is saved: **Regenerate** on the dashboard sets these due dates.'].join('\n');
    }
    case 'who_has_room': {
      const members = asRows(content.members);
      const free = members.filter((member) => Number(member.freeMinutes ?? 0) > 0);
      if (free.length === 0) return `Nobody has room on ${text(content.day)}: the plan fills everyone's time.`;
      return [`Room on ${text(content.day)}, once the plan is made:`, ...free.map((member) => `- **${text(member.name)}**${member.you === true ? ' (you)' : ''}: ${text(member.free)} free`)].join('\n');
    }
    default:
      return 'Done.';
  }
}

export function replyFor(results: readonly ToolResultMessage[]): string {
  return results.map(describeResult).join('\n\n');
}
