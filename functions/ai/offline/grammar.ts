import * as chrono from 'chrono-node';

/**
 * The offline assistant's grammar: plain English requests about tasks, read without a language model, as
 * the tool calls that carry them out. Deterministic, so it is tested as a table of sentences. The README
 * lists what it understands; anything else gets a short answer saying so.
 */
export interface PlannedCall {
  readonly tool: string;
  readonly args: Record<string, unknown>;
}

export type Reading = { readonly calls: readonly PlannedCall[] } | { readonly help: true };

const PRIORITY_WORDS: Readonly<Record<string, 'low' | 'medium' | 'high'>> = { high: 'high', urgent: 'high', important: 'high', medium: 'medium', normal: 'medium', low: 'low' };
const STATUS_WORDS: Readonly<Record<string, 'todo' | 'in_progress' | 'completed'>> = {
  todo: 'todo',
  'to do': 'todo',
  'in progress': 'in_progress',
  doing: 'in_progress',
  started: 'in_progress',
  done: 'completed',
  complete: 'completed',
  completed: 'completed',
  finished: 'completed',
};

function unquoted(text: string): string {
  return text.trim().replace(/^["'“‘](.*)["'”’]$/s, '$1').trim();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The first date in the text ('next Friday', 'in 3 days', 'Dec 5', '2026-12-24'), as YYYY-MM-DD, and where it was. */
export function findDate(text: string, today: string): { date: string; index: number; length: number } | undefined {
  const [result] = chrono.parse(text, new Date(`${today}T12:00:00Z`), { forwardDate: true });
  if (!result) return undefined;
  const { start } = result;
  const date = `${start.get('year')}-${pad(start.get('month') ?? 1)}-${pad(start.get('day') ?? 1)}`;
  return { date, index: result.index, length: result.text.length };
}

/** Minutes from '90 min', '1.5h', '2 hours', '45m'; rounded to the 15-minute step. */
export function findEstimate(text: string): { minutes: number; match: string } | undefined {
  const found = /\b(\d+(?:\.\d+)?)\s*(h|hrs?|hours?|m|mins?|minutes?)\b/i.exec(text);
  if (!found?.[1] || !found[2]) return undefined;
  const value = Number(found[1]);
  const minutes = found[2].toLowerCase().startsWith('h') ? value * 60 : value;
  return { minutes: Math.max(15, Math.round(minutes / 15) * 15), match: found[0] };
}

/** Removes `part` once from `text`. */
function without(text: string, part: string): string {
  const index = text.toLowerCase().indexOf(part.toLowerCase());
  return index < 0 ? text : `${text.slice(0, index)} ${text.slice(index + part.length)}`;
}

/** The first quoted part of the text, and the text without it. */
function takeQuoted(text: string): { found?: string; rest: string } {
  const quoted = /["“'‘]([^"”'’]+)["”'’]/.exec(text);
  return quoted?.[1] ? { found: quoted[1].trim(), rest: without(text, quoted[0]) } : { rest: text };
}

/** The first date of the text as YYYY-MM-DD, and the text without it (and without a 'due' or 'by' left before it). */
function takeDate(text: string, today: string): { found?: string; rest: string } {
  const due = findDate(text, today);
  if (!due) return { rest: text };
  return { found: due.date, rest: `${text.slice(0, due.index)} ${text.slice(due.index + due.length)}`.replace(/\b(?:due|by|on)\s*(?=[\s,]*$|,)/i, ' ') };
}

/** 'to Apollo', 'in the Website Relaunch project': the project named after the item, and the text before it. */
function takeProject(text: string): { found?: string; rest: string } {
  const project = /\s(?:to|in|into|for|under)\s+(?:the\s+)?(?:project\s+)?([^,]+?)(?:\s+project)?\s*(?:,|\s+due\b|$)/i.exec(text);
  return project?.[1] ? { found: unquoted(project[1]), rest: text.slice(0, project.index) } : { rest: text };
}

/** What is left of a request once its parts were taken: the item's title. */
function leftoverTitle(text: string): string {
  return unquoted(
    text
      .replace(/\b(?:called|named|titled|due|by)\b/gi, ' ')
      .replace(/[,:]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** A title (quoted, or what is left), a date and a project, in the order they are taken from the text. */
function titleDateAndProject(text: string, today: string): { title: string; dueDate?: string; project?: string } {
  const title = takeQuoted(text);
  const date = takeDate(title.rest, today);
  const project = takeProject(date.rest);
  return {
    title: title.found ?? leftoverTitle(project.rest),
    ...(date.found ? { dueDate: date.found } : {}),
    ...(project.found ? { project: project.found } : {}),
  };
}

/** "add a high priority task 'Write spec' to Apollo due next Friday, 90 min, assigned to me". */
function readNewTask(rest: string, leadingPriority: string | undefined, today: string): PlannedCall {
  let text = ` ${rest} `;
  const args: Record<string, unknown> = {};
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
  const estimate = findEstimate(text);
  if (estimate) {
    args.timeEstimate = estimate.minutes;
    text = without(text, estimate.match).replace(/\b(?:estimated at|estimate|taking|takes)\b/i, ' ');
  }
  return { tool: 'create_task', args: { ...args, ...titleDateAndProject(text, today) } };
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

/** "add a milestone 'Beta' to Apollo due Dec 5": a title, a date (the tool asks for one) and a project. */
function readNewMilestone(rest: string, today: string): PlannedCall {
  return { tool: 'create_milestone', args: titleDateAndProject(` ${rest} `, today) };
}

/** A milestone named with its project or not: '"Launch in Europe" in Apollo', 'Beta in Apollo', 'Beta'. */
function milestoneAndProject(named: string): { milestone: string; project?: string } {
  const quoted = /^["“'‘]([^"”'’]+)["”'’](?:\s+(?:in|of|for)\s+(?:the\s+)?(?:project\s+)?(.+))?$/.exec(named.trim());
  if (quoted?.[1]) return quoted[2] ? { milestone: quoted[1].trim(), project: unquoted(quoted[2]) } : { milestone: quoted[1].trim() };
  const split = /^(.+?)\s+(?:in|of|for)\s+(?:the\s+)?(?:project\s+)?(.+?)(?:\s+project)?$/i.exec(named.trim());
  return split?.[1] && split[2] ? { milestone: unquoted(split[1]), project: unquoted(split[2]) } : { milestone: unquoted(named) };
}

/** Requests about milestones: they say the word, so they are read before the task requests they resemble. */
function readMilestoneRequest(text: string, today: string): PlannedCall | undefined {
  const created = /^(?:please\s+)?(?:add|create|new|set up)\s+(?:a\s+)?(?:new\s+)?milestone\b[:\s]*(.*)$/i.exec(text);
  if (created) return readNewMilestone(created[1] ?? '', today);
  const listed =
    /^(?:list|show|what are)\s+(?:me\s+)?(?:the\s+|all\s+)?milestones(?:\s+(?:of|in|for|on)\s+(?:the\s+)?(?:project\s+)?(.+?))?(?:\s+project)?$/i.exec(text) ??
    /^what milestones (?:does|do|has|have)\s+(?:the\s+)?(?:project\s+)?(.+?)\s+(?:have|got)$/i.exec(text);
  if (listed) return { tool: 'list_milestones', args: listed[1] ? { project: unquoted(listed[1]) } : {} };
  const completed =
    /^(?:complete|finish|close|tick off|check off|mark|reach)\s+(?:the\s+)?milestone\s+(.+?)(?:\s+(?:as\s+)?(?:done|complete|completed|finished|reached))?$/i.exec(text) ??
    /^(?:the\s+)?milestone\s+(.+?)\s+is\s+(?:now\s+)?(?:done|complete|completed|finished|reached)$/i.exec(text);
  if (completed?.[1]) return { tool: 'update_milestone', args: { ...milestoneAndProject(completed[1]), completed: true } };
  const moved = /^(?:move|reschedule|postpone|push(?:\s+back)?|change)\s+(?:the\s+)?(?:due date of\s+(?:the\s+)?)?milestone\s+(.+?)\s+to\s+(.+)$/i.exec(text);
  const due = moved?.[2] ? findDate(moved[2], today) : undefined;
  if (moved?.[1] && due) return { tool: 'update_milestone', args: { ...milestoneAndProject(moved[1]), dueDate: due.date } };
  return undefined;
}

/** A project as a request names it: 'the project Apollo', 'the Apollo project', 'Apollo'. */
function projectNamed(named: string): string {
  return unquoted(named.replace(/^(?:the\s+)?(?:project\s+)?/i, '').replace(/\s+project$/i, ''));
}

/** Changes of a project: its deadline, and its priority when the word 'project' is said. */
function readProjectChange(text: string, today: string): PlannedCall | undefined {
  const cleared = /^(?:clear|remove|drop)\s+(?:the\s+)?deadline\s+(?:of|for|on)\s+(.+)$/i.exec(text);
  if (cleared?.[1]) return { tool: 'update_project', args: { project: projectNamed(cleared[1]), deadline: null } };
  const deadline =
    /^(?:set|change|move|push(?:\s+back)?|postpone)\s+(?:the\s+)?deadline\s+(?:of|for|on)\s+(.+?)\s+to\s+(.+)$/i.exec(text) ??
    /^(?:set|change|move|push(?:\s+back)?|postpone)\s+(.+?)['’]s\s+deadline\s+to\s+(.+)$/i.exec(text) ??
    /^(?:the\s+)?deadline\s+(?:of|for)\s+(.+?)\s+is\s+(?:now\s+)?(.+)$/i.exec(text);
  const date = deadline?.[2] ? findDate(deadline[2], today) : undefined;
  if (deadline?.[1] && date) return { tool: 'update_project', args: { project: projectNamed(deadline[1]), deadline: date.date } };
  const priority =
    /^(?:set|change)\s+(?:the\s+)?priority\s+(?:of|on|for)\s+(?:the\s+)?project\s+(.+?)\s+to\s+(high|medium|low|urgent)$/i.exec(text) ??
    /^make\s+(?:the\s+)?project\s+(.+?)\s+(high|medium|low|urgent)(?:\s+priority)?$/i.exec(text);
  if (priority?.[1] && priority[2]) return { tool: 'update_project', args: { project: projectNamed(priority[1]), priority: PRIORITY_WORDS[priority[2].toLowerCase()] } };
  return undefined;
}

/**
 * 'star Apollo', 'add Apollo to my favourites': read after a task's status ('favourite colours survey is
 * done' completes that task) and before 'mark … as done'.
 */
function readFavourite(text: string): PlannedCall | undefined {
  const starred = /^(un)?(?:favou?rite|star)\s+(.+)$/i.exec(text);
  if (starred?.[2]) return { tool: 'update_project', args: { project: projectNamed(starred[2]), favorite: !starred[1] } };
  const added = /^(?:add|put)\s+(.+?)\s+(?:to|in)\s+(?:my\s+|the\s+)?favou?rites$/i.exec(text) ?? /^mark\s+(.+?)\s+as\s+(?:a\s+)?favou?rite$/i.exec(text);
  if (added?.[1]) return { tool: 'update_project', args: { project: projectNamed(added[1]), favorite: true } };
  const removed = /^(?:remove|take)\s+(.+?)\s+(?:from|out of)\s+(?:my\s+|the\s+)?favou?rites$/i.exec(text);
  if (removed?.[1]) return { tool: 'update_project', args: { project: projectNamed(removed[1]), favorite: false } };
  return undefined;
}

const LIST_FILTERS: readonly [RegExp, string][] = [
  [/\boverdue\b|\blate\b|\bbehind\b/, 'overdue'],
  [/\bdue today\b|\btoday\b/, 'due_today'],
  [/\bthis week\b|\bnext (?:7|seven) days\b/, 'due_this_week'],
  [/\bassigned to me\b|\bmy (?:open )?tasks\b|\bon my plate\b/, 'assigned_to_me'],
  [/\bcompleted\b|\bdone\b|\bfinished\b/, 'completed'],
];

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

function readLine(line: string, today: string): Reading {
  const text = line.trim().replace(/[?!.]+$/, '').trim();
  const lower = text.toLowerCase();
  if (!text || /^(?:help|hi|hello|hey|what can you do)\b/.test(lower)) return { help: true };

  const newTask = /^(?:please\s+)?(?:can you\s+)?(?:add|create|new|make)\s+(?:me\s+)?(?:a\s+|an\s+)?(?:new\s+)?(?:(high|medium|low)[- ]priority\s+|(urgent|important)\s+)?(?:task|todo|to-do)\b[:\s]*(.*)$/i.exec(text);
  if (newTask) return { calls: [readNewTask(newTask[3] ?? '', newTask[1] ?? newTask[2], today)] };

  if (/\bmilestones?\b/i.test(text)) {
    const milestone = readMilestoneRequest(text, today);
    if (milestone) return { calls: [milestone] };
  }
  const projectChange = readProjectChange(text, today);
  if (projectChange) return { calls: [projectChange] };

  const newNote = /^(?:please\s+)?(?:add|create|new|write|take)\s+(?:a\s+)?(?:new\s+)?note\b[:\s]*(.*)$/i.exec(text);
  if (newNote) return { calls: [readNewNote(newNote[1] ?? '')] };

  if (/\b(?:plan (?:my|the) week|weekly plan|week'?s plan|preview (?:the )?(?:weekly )?plan)\b/.test(lower)) {
    return { calls: [{ tool: 'preview_weekly_plan', args: {} }] };
  }
  if (/^(?:list|show|what are)?\s*(?:me\s+)?(?:all\s+|my\s+|the\s+)?projects\b|^which projects\b/.test(lower)) return { calls: [{ tool: 'list_projects', args: {} }] };

  const summary = /^(?:summari[sz]e|give me a summary of|summary of|how is|how's|what is the (?:status|progress) of|progress (?:of|on|for)|status of)\s+(?:the\s+)?(?:project\s+)?(.+?)(?:\s+(?:project\s+)?(?:going|doing))?$/i.exec(text);
  if (summary?.[1]) return { calls: [{ tool: 'summarize_project', args: { project: unquoted(summary[1]) } }] };

  const priority = /^(?:set|change|make)\s+(?:the\s+)?priority\s+(?:of|on|for)\s+(.+?)\s+(?:to\s+)?(high|medium|low|urgent)$/i.exec(text) ?? /^make\s+(.+?)\s+(high|medium|low|urgent)(?:\s+priority)?$/i.exec(text);
  if (priority?.[1] && priority[2]) return { calls: [{ tool: 'update_task', args: { task: unquoted(priority[1]), priority: PRIORITY_WORDS[priority[2].toLowerCase()] } }] };

  const dueChange =
    /^(?:set|change|move)\s+(?:the\s+)?due date\s+(?:of|on|for)\s+(.+?)\s+to\s+(.+)$/i.exec(text) ??
    /^(?:reschedule|postpone|move)\s+(.+?)\s+to\s+(.+)$/i.exec(text) ??
    /^(.+?)\s+is (?:now )?due\s+(.+)$/i.exec(text);
  const questionWord = /^(?:what|which|who|anything|something|everything)$/i;
  if (dueChange?.[1] && dueChange[2] && !STATUS_WORDS[dueChange[2].toLowerCase()] && !questionWord.test(dueChange[1])) {
    const due = findDate(dueChange[2], today);
    if (due) return { calls: [{ tool: 'update_task', args: { task: unquoted(dueChange[1]), dueDate: due.date } }] };
  }

  const status =
    /^(?:move|set|mark|put|change)\s+(?:the\s+)?(?:task\s+)?(.+?)\s+(?:to|as|in|into)\s+(to ?do|in progress|doing|done|complete|completed|finished)$/i.exec(text) ??
    /^(.+?)\s+is\s+(done|complete|completed|finished|in progress)$/i.exec(text);
  if (status?.[1] && status[2]) {
    const next = STATUS_WORDS[status[2].toLowerCase().replace('todo', 'to do')] ?? 'todo';
    const task = unquoted(status[1]);
    return { calls: [next === 'completed' ? { tool: 'complete_task', args: { task } } : { tool: 'update_task', args: { task, status: next } }] };
  }
  const favourite = readFavourite(text);
  if (favourite) return { calls: [favourite] };
  const started = /^(?:start|begin|start working on)\s+(?:the\s+)?(?:task\s+)?(.+)$/i.exec(text);
  if (started?.[1]) return { calls: [{ tool: 'update_task', args: { task: unquoted(started[1]), status: 'in_progress' } }] };
  const complete = /^(?:complete|finish|close|tick off|check off|mark)\s+(?:the\s+)?(?:task\s+)?(.+?)(?:\s+(?:as\s+)?(?:done|complete|completed|finished))?$/i.exec(text);
  if (complete?.[1]) return { calls: [{ tool: 'complete_task', args: { task: unquoted(complete[1]) } }] };

  const inProject = /\b(?:in|for|of|on)\s+(?:the\s+)?(?:project\s+)?([^?]+?)(?:\s+project)?$/i.exec(text);
  const isList = /^(?:what|which|list|show|any|are there|do i have|tell me)\b|\btasks?\b|\boverdue\b|\bdue\b/.test(lower);
  if (isList) {
    const filter = LIST_FILTERS.find(([pattern]) => pattern.test(lower))?.[1];
    const mentionsTasks = filter !== undefined || /\btasks?\b/.test(lower);
    if (mentionsTasks) {
      const project = inProject?.[1] && !/^(?:today|this week|progress|me)$/i.test(inProject[1]) ? unquoted(inProject[1]) : undefined;
      return { calls: [{ tool: 'list_tasks', args: { ...(filter ? { filter } : {}), ...(project ? { project } : {}) } }] };
    }
  }
  return { help: true };
}
