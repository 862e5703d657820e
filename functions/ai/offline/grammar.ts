import { readMilestoneRequest } from './milestone-sentences.js';
import {
  findDate,
  findEstimate,
  findRepeat,
  PRIORITY_WORDS,
  STATUS_WORDS,
  titleDateAndProject,
  unquoted,
  without,
  type PlannedCall,
} from './phrases.js';
import { readTaskList } from './list-sentences.js';
import { readFavourite, readProjectChange } from './project-sentences.js';
import { readTaskChange } from './task-sentences.js';

/**
 * The offline assistant's grammar: plain English requests about tasks, read without a language model, as
 * the tool calls that carry them out. Deterministic, so it is tested as a table of sentences. The README
 * lists what it understands; anything else gets a short answer saying so.
 */
/** Tool calls to make, a fixed answer (what the assistant will not do), or the help. */
export type Reading = { readonly calls: readonly PlannedCall[] } | { readonly say: string } | { readonly help: true };

/** Deleting is left to the person, in the app: the assistant offers nothing destructive. */
export const NO_DELETING =
  "I don't delete anything: open the task, milestone, note or project and use its Delete button there. What I create or change can be undone with the Undo under my reply.";

/**
 * "add a high priority task 'Write spec' to Apollo due next Friday, 90 min, assigned to me", or with the
 * project first: "add a task to Apollo: call the printer tomorrow".
 */
function readNewTask(rest: string, leadingPriority: string | undefined, today: string): PlannedCall {
  const projectFirst = /^(?:to|in|into|for)\s+(?:the\s+)?(?:project\s+)?([^:]+?)(?:\s+project)?:\s*(.+)$/i.exec(rest.trim());
  let text = ` ${projectFirst?.[2] ?? rest} `;
  const args: Record<string, unknown> = projectFirst?.[1] ? { project: unquoted(projectFirst[1]) } : {};
  const priority = leadingPriority ?? /\b(high|medium|low|urgent|important)(?:[- ]priority)?\b|\bpriority\s+(high|medium|low)\b/i.exec(text)?.slice(1).find(Boolean);
  if (priority) {
    args.priority = PRIORITY_WORDS[priority.toLowerCase()];
    text = text.replace(/\b(?:high|medium|low|urgent|important)(?:[- ]priority)?\b|\bpriority\s+(?:high|medium|low)\b/i, ' ');
  }
  const assignee = /\b(?:assigned to|assign(?:ed)? it to|assign to)\s+(me|[\w.@-]+(?:\s[A-Z][\w-]*)?)/i.exec(text);
  if (assignee?.[1]) {
    args.assignee = assignee[1];
    text = without(text, assignee[0]);
  }
  // Before the date: 'every Monday' names no due date.
  const repeat = findRepeat(text);
  if (repeat) {
    args.repeat = { rule: repeat.rule, from: repeat.from };
    text = without(text, repeat.match);
  }
  const estimate = findEstimate(text);
  if (estimate) {
    args.timeEstimate = estimate.minutes;
    text = without(text, estimate.match).replace(/\b(?:estimated at|estimate|taking|takes)\b/i, ' ');
  }
  return { tool: 'create_task', args: { ...titleDateAndProject(text, today), ...args } };
}

export const SUBTASK_NEEDS_PARENT = "Say which task it goes under, for example: add a subtask 'Book venue' to Launch.";

/**
 * "add a subtask 'Book venue' to Launch", "add sub-tasks Draft, Review and Publish to Launch", "add a sub-task
 * to Launch: Book venue": one create_task with a parent per title (several only when 'sub-tasks' is plural).
 * The parent is what follows the last 'to' (or 'under'), so a title may hold one.
 */
function readNewSubtasks(request: string, rest: string): Reading {
  const parentFirst = /^(?:to|under|for|on)\s+(?:the\s+)?(?:task\s+)?(.+?):\s*(.+)$/i.exec(rest);
  const titlesFirst = parentFirst ? null : /^(.+)\s+(?:to|under)\s+(?:the\s+)?(?:task\s+)?(.+)$/i.exec(rest);
  const parent = parentFirst?.[1] ?? titlesFirst?.[2];
  const titles = parentFirst?.[2] ?? titlesFirst?.[1];
  if (!parent || !titles) return { say: SUBTASK_NEEDS_PARENT };
  const list = /sub-?tasks\b/i.test(request) ? titles.split(/\s*(?:,|\band\b)\s*/i) : [titles];
  return { calls: list.map(unquoted).filter(Boolean).map((title) => ({ tool: 'create_task', args: { title, parent: unquoted(parent) } })) };
}

/**
 * Sub-tasks moved (issue 36): "make Hire band a subtask of Gala", "move Hire band under Gala"; "make Hire
 * band a task of its own", "promote Hire band"; and a parent completed with its open sub-tasks ("complete
 * Gala and its subtasks") or alone ("complete only Gala"), as complete_task asks when it has some.
 */
function readSubtaskChange(text: string): PlannedCall | undefined {
  const under = /^(?:make|turn)\s+(?:the\s+)?(?:task\s+)?(.+?)\s+(?:into\s+)?an?\s+sub-?task\s+(?:of|under)\s+(?:the\s+)?(?:task\s+)?(.+)$/i.exec(text) ?? /^move\s+(?:the\s+)?(?:task\s+)?(.+?)\s+under\s+(?:the\s+)?(?:task\s+)?(.+)$/i.exec(text);
  if (under?.[1] && under[2]) return { tool: 'update_task', args: { task: unquoted(under[1]), parent: unquoted(under[2]) } };
  const own =
    /^(?:make|turn)\s+(?:the\s+)?(?:sub-?task\s+)?(.+?)\s+(?:into\s+)?(?:a\s+)?(?:task of its own|separate task|top-level task|standalone task)$/i.exec(text) ??
    /^promote\s+(?:the\s+)?(?:sub-?task\s+)?(.+)$/i.exec(text);
  if (own?.[1]) return { tool: 'update_task', args: { task: unquoted(own[1]), parent: null } };
  const along = /^(?:complete|finish|close)\s+(?:the\s+)?(?:task\s+)?(.+?)\s+(?:and|with|along with)\s+(?:all\s+)?(?:of\s+)?its\s+(?:open\s+)?sub-?tasks$/i.exec(text);
  if (along?.[1]) return { tool: 'complete_task', args: { task: unquoted(along[1]), subtasks: 'complete' } };
  const alone = /^(?:complete|finish|close)\s+(?:only|just)\s+(?:the\s+)?(?:task\s+)?(.+)$/i.exec(text) ?? /^(?:complete|finish|close)\s+(?:the\s+)?(?:task\s+)?(.+?)\s+(?:only|alone|but not its sub-?tasks)$/i.exec(text);
  if (alone?.[1]) return { tool: 'complete_task', args: { task: unquoted(alone[1]), subtasks: 'leave' } };
  return undefined;
}

/** "add a note 'Standup' to Apollo: we agreed to ship on Friday". */
function readNewNote(rest: string): PlannedCall {
  const [head = '', ...body] = rest.split(':');
  const args: Record<string, unknown> = {};
  const content = body.join(':').trim();
  if (content) args.content = content;
  const project = /\s(?:to|in|for)\s+(?:the\s+)?(?:project\s+)?(.+?)(?:\s+project)?$/i.exec(` ${head}`);
  const title = project ? ` ${head}`.slice(0, project.index) : head;
  if (project?.[1]) args.project = unquoted(project[1]);
  args.title = unquoted(title.replace(/\b(?:called|named|titled)\b/gi, ' ').replace(/\s+/g, ' ')) || 'Note';
  return { tool: 'create_note', args };
}

const TASK_EDITS = ['update_task', 'complete_task'];

/**
 * Two changes of one task in one sentence, the second naming it 'it' (issue 32): "assign Draft budget to me
 * and make it urgent", "move Write spec to in progress and assign it to Ana". One update with both.
 */
function readTwoChanges(text: string, today: string): Reading | undefined {
  const pair = /^(.+?)(?:\s*,\s*(?:and\s+|then\s+)?|\s+(?:and|then)\s+)(.+\b(?:it|its)\b.*)$/i.exec(text);
  if (!pair?.[1] || !pair[2]) return undefined;
  const first = readLine(pair[1], today);
  const [change] = 'calls' in first && first.calls.length === 1 ? first.calls : [];
  const task = change?.args.task;
  if (!change || typeof task !== 'string' || !TASK_EDITS.includes(change.tool)) return undefined;
  const second = readLine(pair[2].replace(/\bits\b/gi, `${task}'s`).replace(/\bit\b/gi, task), today);
  const [next] = 'calls' in second && second.calls.length === 1 ? second.calls : [];
  if (!next || next.args.task !== task || !TASK_EDITS.includes(next.tool)) return undefined;
  const completes = change.tool === 'complete_task' || next.tool === 'complete_task';
  return { calls: [{ tool: 'update_task', args: { ...change.args, ...next.args, ...(completes ? { status: 'completed' } : {}) } }] };
}

const PLAN_DAY = /\b(today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun|\d{4}-\d{2}-\d{2})\b/i;

/**
 * The weekly plan's questions (issue 31), answered from the planner: "what is at risk this week?" ("anything
 * late?"), "why is Write spec on Thursday?", "move Write spec to next week and replan", "who has room on
 * Friday?".
 */
function readPlanQuestion(text: string): PlannedCall | undefined {
  if (/\b(?:at risk|anything (?:late|behind)|(?:what|which tasks?)(?:'s| is| are| will be)? (?:going to be |running )?(?:late|behind)|will be late|won'?t make it|behind schedule|in danger)\b/i.test(text)) {
    return { tool: 'plan_risks', args: {} };
  }
  const why =
    /^why (?:is|does|will|did)\s+(.+?)\s+(?:(?:be\s+)?(?:planned|scheduled|put|placed|land|go)\s+)?(?:on|for)\s+(?:(?:this|next)\s+)?\w+$/i.exec(text) ??
    /^why (?:is|isn't|is not|doesn't|does not)\s+(.+?)\s+(?:not\s+)?(?:planned|scheduled|in the plan|fit(?:ting)?)(?:\s+.*)?$/i.exec(text);
  if (why?.[1]) return { tool: 'explain_plan_day', args: { task: unquoted(why[1]) } };
  const later = /^(?:move|push|postpone|defer|bump)\s+(.+?)\s+(?:to|into|until|till)\s+next week(?:\s*(?:,|and|then)?\s*(?:re-?plan|re-?plan (?:the|my) week|re-?do the plan))?$/i.exec(text);
  if (later?.[1]) return { tool: 'move_to_next_week', args: { task: unquoted(later[1]) } };
  if (/^who(?:'s| is| has| has got| will have)?\s+(?:got\s+)?(?:(?:some|any)\s+)?(?:room|time|capacity|free time|bandwidth|free)\b/i.test(text)) {
    return { tool: 'who_has_room', args: { day: PLAN_DAY.exec(text)?.[1]?.toLowerCase() ?? 'today' } };
  }
  return undefined;
}

/**
 * Reads a message: one request, or one per line (a pasted list, bullets and numbers allowed), all of which
 * must be understood, else the help. `today` is the user's day, for dates such as 'next Friday'.
 */
export function readRequest(input: string, today: string): Reading {
  const lines = input
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter(Boolean);
  if (lines.length <= 1) return readLine(lines[0] ?? '', today);
  const readings = lines.map((line) => readLine(line, today));
  return readings.every((reading) => 'calls' in reading) ? { calls: readings.flatMap((reading) => ('calls' in reading ? reading.calls : [])) } : { help: true };
}

/**
 * A question: it ends with '?' or starts like one. Sentences that state a fact ('X is done', 'X is due
 * Friday', 'X takes 2 hours') are read as changes only when they are not questions: 'which task is done?'
 * lists, and never completes a task whose title begins 'which task'.
 */
function isQuestion(line: string): boolean {
  return /\?\s*$/.test(line) || /^(?:what|what's|which|who|whose|when|where|why|how|is|are|do|does|did|can i|could i|tell me|show me|anything|something|everything)\b/i.test(line.trim());
}

function readLine(line: string, today: string): Reading {
  const question = isQuestion(line);
  const text = line.trim().replace(/[?!.]+$/, '').trim();
  const lower = text.toLowerCase();
  if (!text || /^(?:help|hi|hello|hey|what can you do)\b/.test(lower)) return { help: true };

  const both = readTwoChanges(text, today);
  if (both) return both;

  const newSubtasks = /^(?:please\s+)?(?:can you\s+)?(?:add|create|new|make)\s+(?:a\s+|an\s+)?(?:new\s+)?sub-?tasks?\b[:\s]*(.*)$/i.exec(text);
  if (newSubtasks) return readNewSubtasks(newSubtasks[0], (newSubtasks[1] ?? '').trim());

  const newTask = /^(?:please\s+)?(?:can you\s+)?(?:add|create|new|make)\s+(?:me\s+)?(?:a\s+|an\s+)?(?:new\s+)?(?:(high|medium|low)[- ]priority\s+|(urgent|important)\s+)?(?:task|todo|to-do)\b[:\s]*(.*)$/i.exec(text);
  if (newTask) return { calls: [readNewTask(newTask[3] ?? '', newTask[1] ?? newTask[2], today)] };

  const subtaskChange = readSubtaskChange(text);
  if (subtaskChange) return { calls: [subtaskChange] };

  if (/\bmilestones?\b/i.test(text)) {
    const milestone = readMilestoneRequest(text, today);
    if (milestone) return { calls: [milestone] };
  }
  const projectChange = readProjectChange(text, today);
  if (projectChange) return { calls: [projectChange] };

  const newNote = /^(?:please\s+)?(?:add|create|new|write|take)\s+(?:a\s+)?(?:new\s+)?note\b[:\s]*(.*)$/i.exec(text);
  if (newNote) return { calls: [readNewNote(newNote[1] ?? '')] };

  const planQuestion = readPlanQuestion(text);
  if (planQuestion) return { calls: [planQuestion] };
  if (/\b(?:plan (?:my|the) week|weekly plan|week'?s plan|preview (?:the )?(?:weekly )?plan)\b/.test(lower)) {
    // 'plan my week, Apollo first' or 'plan my week focusing on Apollo and Zeus'.
    const focus = /\b(?:focus(?:ing|ed)? on|with)\s+(.+)$/i.exec(text)?.[1] ?? /\bweek,?\s+(.+?)\s+first$/i.exec(text)?.[1];
    const projects = focus?.split(/\s*(?:,|\band\b)\s*/i).map(unquoted).filter(Boolean) ?? [];
    return { calls: [{ tool: 'preview_weekly_plan', args: projects.length > 0 ? { focus: projects } : {} }] };
  }
  if (/^(?:list|show|what are)?\s*(?:me\s+)?(?:all\s+|my\s+|the\s+)?projects\b|^which projects\b/.test(lower)) return { calls: [{ tool: 'list_projects', args: {} }] };

  const taskChange = readTaskChange(text, { question });
  if (taskChange) return { calls: [taskChange] };

  const summary = /^(?:summari[sz]e|give me a summary of|summary of|how is|how's|what is the (?:status|progress) of|progress (?:of|on|for)|status of)\s+(?:the\s+)?(?:project\s+)?(.+?)(?:\s+(?:project\s+)?(?:going|doing))?$/i.exec(text);
  if (summary?.[1]) return { calls: [{ tool: 'summarize_project', args: { project: unquoted(summary[1]) } }] };

  const priority = /^(?:set|change|make)\s+(?:the\s+)?priority\s+(?:of|on|for)\s+(.+?)\s+(?:to\s+)?(high|medium|low|urgent)$/i.exec(text) ?? /^make\s+(.+?)\s+(high|medium|low|urgent)(?:\s+priority)?$/i.exec(text);
  if (priority?.[1] && priority[2]) return { calls: [{ tool: 'update_task', args: { task: unquoted(priority[1]), priority: PRIORITY_WORDS[priority[2].toLowerCase()] } }] };

  const dueChange =
    /^(?:set|change|move)\s+(?:the\s+)?due date\s+(?:of|on|for)\s+(.+?)\s+to\s+(.+)$/i.exec(text) ??
    /^(?:reschedule|postpone|move)\s+(.+?)\s+to\s+(.+)$/i.exec(text) ??
    (question ? null : /^(.+?)\s+is (?:now )?due\s+(.+)$/i.exec(text));
  if (dueChange?.[1] && dueChange[2] && !STATUS_WORDS[dueChange[2].toLowerCase()]) {
    const due = findDate(dueChange[2], today);
    if (due) return { calls: [{ tool: 'update_task', args: { task: unquoted(dueChange[1]), dueDate: due.date } }] };
  }

  const status =
    /^(?:move|set|mark|put|change)\s+(?:the\s+)?(?:task\s+)?(.+?)\s+(?:to|as|in|into)\s+(to ?do|in progress|doing|done|complete|completed|finished)$/i.exec(text) ??
    (question ? null : /^(.+?)\s+is\s+(done|complete|completed|finished|in progress)$/i.exec(text));
  if (status?.[1] && status[2]) {
    const next = STATUS_WORDS[status[2].toLowerCase().replace('todo', 'to do')] ?? 'todo';
    const task = unquoted(status[1]);
    return { calls: [next === 'completed' ? { tool: 'complete_task', args: { task } } : { tool: 'update_task', args: { task, status: next } }] };
  }
  const favourite = question ? undefined : readFavourite(text);
  if (favourite) return { calls: [favourite] };
  const started = /^(?:start|begin|start working on)\s+(?:the\s+)?(?:task\s+)?(.+)$/i.exec(text);
  if (started?.[1]) return { calls: [{ tool: 'update_task', args: { task: unquoted(started[1]), status: 'in_progress' } }] };
  const complete = /^(?:complete|finish|close|tick off|check off|mark)\s+(?:the\s+)?(?:task\s+)?(.+?)(?:\s+(?:as\s+)?(?:done|complete|completed|finished))?$/i.exec(text);
  if (complete?.[1]) return { calls: [{ tool: 'complete_task', args: { task: unquoted(complete[1]) } }] };

  if (/^(?:please\s+)?(?:can you\s+)?(?:delete|remove|erase|trash|destroy)\b/i.test(text)) return { say: NO_DELETING };

  const list = readTaskList(text);
  if (list) return { calls: [list] };
  const shown = /^(?:show|describe|open|tell me about|what about|details of|look up|find)\s+(?:me\s+)?(?:the\s+)?(?:task\s+)?(.+)$/i.exec(text);
  if (shown?.[1]) return { calls: [{ tool: 'get_task', args: { task: unquoted(shown[1]) } }] };
  return { help: true };
}
