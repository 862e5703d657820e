/**
 * How good the weekly planner's plans are (shared/rules/weekly-planner.ts), not only how fast: a seeded,
 * reproducible corpus of workspaces (20 small of ≤ 12 tasks, 20 medium of 200, 5 large of 10,000 tasks and
 * 50 members), each planned, audited for hard-rule violations, compared on the small ones with the best
 * possible plan (an exact branch-and-bound search, used only here), replanned after small edits (churn),
 * and measured for evenness and time.
 *
 *   npx tsx bench/planner-quality.ts [seed=1]
 *
 * Prints figures; asserts nothing. Results and their reading: bench/README.md.
 *
 * Definitions (all per plan):
 * - violation: a person's day over their free time (working time less calendar events) without the placement
 *   saying so (overCapacity), unless it is one task longer than a day alone on an empty day; a task on a
 *   day its project does not work or its person does not work (a day off); a task of another workspace member's time than its assignee's; a pinned
 *   task off the day it is pinned to; a task placed before one of its blockers (on an earlier day, or
 *   earlier on the same day) or placed while a blocker is not (pinned tasks aside: a pin wins).
 * - miss: a task due this week (not overdue) placed after its due date or not placed. Strict misses also
 *   count a deadline kept only by going over capacity (flagged): the exact search may not go over.
 * - lateness: days after the due date, summed over tasks due this week or overdue (a task not placed counts
 *   as late to the day after the week).
 * - churn: of the tasks both plans placed, the share whose day changed, after a replan with the first plan's
 *   due dates written as Generate writes them (only ever earlier) and ~5 % of the tasks edited; and,
 *   separately, after one member takes off a day the plan gave them work on (of the tasks not on that day:
 *   those must move).
 *
 * The corpus: members' working time (about one in five takes a day of the week off, one in seven works a
 * 4-hour day) and calendars (two in five have events), projects' preferred days, pins and blockers.
 * - time: the median of 5 runs after a first one (steady state, as bench/weekly-planner.ts measures it);
 *   the first run, which pays for compiling the planner and a fresh heap, is printed too.
 * - evenness: largest ÷ smallest member load over the week, among members with work; peak: a member's
 *   busiest day ÷ their average working day (1 is flat; 5 is all on one day of five).
 */
import { performance } from 'node:perf_hooks';
import { addDays } from '../shared/rules/calendar-date.js';
import {
  DEFAULT_DAILY_CAPACITY_MINUTES,
  PLAN_DAYS,
  planWeek,
  taskMinutes,
  weekDayOf,
  type PlannerInput,
  type PlannerResult,
  type PlannerTask,
} from '../shared/rules/weekly-planner.js';
import { priorities, weekDays, type WeekDay } from '../shared/schemas/project.js';

const seed = Number(process.argv[2] ?? 1);
const CAPACITY = DEFAULT_DAILY_CAPACITY_MINUTES;
const WEEKDAYS: readonly WeekDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

/** mulberry32: a small seeded generator, so every run of a seed builds the same corpus. */
function random(seedValue: number): () => number {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Instance {
  readonly name: string;
  readonly input: PlannerInput & { readonly memberIds: readonly string[] };
}

/**
 * A workspace: tasks over projects and members, a mix of deadlines (overdue, this week, later, none), and
 * with `blockers` about one task in ten blocked by one or two tasks made before it (so no cycle). The small
 * ones have none: the exact search below knows no dependencies, and its comparison must stay exact.
 */
function generate(name: string, next: () => number, taskCount: number, memberCount: number, projectCount: number, blockers = false): Instance {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const today = addDays('2026-11-23', Math.floor(next() * 7));
  const members = Array.from({ length: memberCount }, (_, index) => `m${index}`);
  const projects = Array.from({ length: projectCount }, (_, index) => {
    const kind = next();
    const preferredDays: WeekDay[] = kind < 0.7 ? [] : kind < 0.85 ? [...weekDays] : [pick(WEEKDAYS), pick(WEEKDAYS)];
    return { id: `p${index}`, name: `Project ${index}`, preferredDays: [...new Set(preferredDays)] };
  });
  const busyMinutes: Record<string, Record<string, number>> = {};
  for (const member of members) {
    if (next() < 0.4) {
      busyMinutes[member] = Object.fromEntries(Array.from({ length: PLAN_DAYS }, (_, offset) => [addDays(today, offset), Math.floor(next() * 9) * 30]));
    }
  }
  // Working time (Settings): some members take a day off this week, some work a short day.
  const workingMinutes: Record<string, Record<string, number>> = {};
  for (const member of members) {
    const kind = next();
    const day = addDays(today, Math.floor(next() * PLAN_DAYS));
    if (kind < 0.2) workingMinutes[member] = { [day]: 0 };
    else if (kind < 0.35) workingMinutes[member] = { [day]: 240 };
  }
  const tasks: PlannerTask[] = Array.from({ length: taskCount }, (_, index) => {
    const due = next();
    const dueDate = due < 0.3 ? null : due < 0.4 ? addDays(today, -1 - Math.floor(next() * 5)) : due < 0.8 ? addDays(today, Math.floor(next() * PLAN_DAYS)) : addDays(today, PLAN_DAYS + Math.floor(next() * 14));
    // Some work due this week is pinned to its day (the plan's Pin).
    const pinned = dueDate !== null && dueDate >= today && dueDate < addDays(today, PLAN_DAYS) && next() < 0.05;
    return {
      ...(pinned ? { pinned: true as const } : {}),
      id: `t${index}`,
      projectId: pick(projects).id,
      title: `Task ${index}`,
      priority: pick(priorities),
      dueDate,
      timeEstimate: next() < 0.15 ? null : (1 + Math.floor(next() * 24)) * 15,
      assignedTo: next() < 0.2 ? null : pick(members),
      ...(blockers && index > 0 && next() < 0.1
        ? { openBlockerIds: [...new Set(Array.from({ length: 1 + Math.floor(next() * 2) }, () => `t${Math.floor(next() * index)}`))] }
        : {}),
    };
  });
  return {
    name,
    input: { today, tasks, projects, memberIds: members, memberNames: Object.fromEntries(members.map((id) => [id, id])), busyMinutes, workingMinutes },
  };
}

const dates = (input: PlannerInput) => Array.from({ length: PLAN_DAYS }, (_, offset) => addDays(input.today, offset));
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

function worksOn(input: PlannerInput, task: PlannerTask, date: string): boolean {
  const project = input.projects.find((candidate) => candidate.id === task.projectId);
  const preferred = project && project.preferredDays.length > 0 ? project.preferredDays : WEEKDAYS;
  return preferred.includes(weekDayOf(date));
}

/** A person's working minutes on a date: their working time (Settings), the default day when not given. */
function workingMinutes(input: PlannerInput, person: string, date: string): number {
  return Math.max(0, input.workingMinutes?.[person]?.[date] ?? CAPACITY);
}

function freeMinutes(input: PlannerInput, person: string, date: string): number {
  const working = workingMinutes(input, person, date);
  return working - Math.min(input.busyMinutes?.[person]?.[date] ?? 0, working);
}

interface Audit {
  readonly violations: number;
  readonly misses: number;
  readonly strictMisses: number;
  readonly lateness: number;
  readonly evenness: number;
  readonly peak: number;
}

function audit(input: Instance['input'], result: PlannerResult): Audit {
  const tasks = new Map(input.tasks.map((task) => [task.id, task]));
  const lastDay = dates(input)[PLAN_DAYS - 1] ?? input.today;
  const afterWeek = addDays(lastDay, 1);
  let violations = 0;
  const load = new Map<string, Map<string, { minutes: number; tasks: number; flagged: boolean; longAlone: boolean }>>();
  for (const placement of result.placements) {
    const task = tasks.get(placement.taskId);
    if (!task) throw new Error(`Placed an unknown task ${placement.taskId}`);
    const person = task.assignedTo ?? placement.doneBy;
    if (!person || (task.assignedTo && placement.doneBy)) violations += 1;
    // A pinned task is where it was pinned, working day or not; any other on a day its project works, and its
    // person works (not a day off).
    if (task.pinned && task.dueDate !== null && task.dueDate <= lastDay && task.dueDate >= input.today) {
      if (placement.date !== task.dueDate) violations += 1;
    } else if (!worksOn(input, task, placement.date) || (person !== undefined && workingMinutes(input, person, placement.date) === 0)) violations += 1;
    const days = load.get(person ?? '?') ?? new Map();
    load.set(person ?? '?', days);
    const day = days.get(placement.date) ?? { minutes: 0, tasks: 0, flagged: false, longAlone: false };
    const minutes = taskMinutes(task);
    days.set(placement.date, {
      minutes: day.minutes + minutes,
      tasks: day.tasks + 1,
      flagged: day.flagged || placement.overCapacity === true,
      longAlone: minutes > CAPACITY,
    });
  }
  // Blockers first: a blocked task on a later day than each of its blockers, or after them on their day.
  const order = new Map(result.placements.map((placement, index) => [placement.taskId, { date: placement.date, index }]));
  for (const task of input.tasks) {
    const mine = order.get(task.id);
    if (!mine || task.pinned) continue;
    for (const blockerId of task.openBlockerIds ?? []) {
      const theirs = order.get(blockerId);
      if (!theirs || theirs.date > mine.date || (theirs.date === mine.date && theirs.index > mine.index)) violations += 1;
    }
  }
  for (const [person, days] of load) {
    for (const [date, day] of days) {
      const over = day.minutes > freeMinutes(input, person, date);
      const allowedLong = day.tasks === 1 && day.longAlone;
      if (over && !day.flagged && !allowedLong) violations += 1;
    }
  }

  let misses = 0;
  let lateness = 0;
  const placedOn = new Map(result.placements.map((placement) => [placement.taskId, placement]));
  for (const task of input.tasks) {
    if (task.dueDate === null || task.dueDate > lastDay) continue;
    const placement = placedOn.get(task.id);
    const day = placement?.date ?? afterWeek;
    if (day > task.dueDate) lateness += daysBetween(task.dueDate, day);
    if (task.dueDate >= input.today && day > task.dueDate) misses += 1;
  }
  // A pinned task over capacity is where the user fixed it, not a deadline the plan bought with overtime; a
  // late one kept no deadline (its miss is counted above).
  const keptByGoingOver = result.placements.filter((placement) => {
    const task = tasks.get(placement.taskId);
    return placement.overCapacity && !task?.pinned && (task?.dueDate ?? '') >= input.today && placement.date <= (task?.dueDate ?? '');
  });
  const strictMisses = misses + keptByGoingOver.length;

  const memberLoads = [...load.entries()].filter(([person]) => input.memberIds.includes(person)).map(([, days]) => [...days.values()].reduce((sum, day) => sum + day.minutes, 0));
  const evenness = memberLoads.length > 0 ? Math.max(...memberLoads) / Math.max(1, Math.min(...memberLoads)) : 1;
  const peaks = [...load.values()].map((days) => {
    const minutes = [...days.values()].map((day) => day.minutes);
    const workingDays = dates(input).filter((date) => WEEKDAYS.includes(weekDayOf(date))).length || PLAN_DAYS;
    const total = minutes.reduce((sum, value) => sum + value, 0);
    return total > 0 ? Math.max(...minutes) / (total / workingDays) : 1;
  });
  return { violations, misses, strictMisses, lateness, evenness, peak: median(peaks) };
}

/**
 * The fewest misses, then the least lateness, any plan could reach: a branch-and-bound search over every
 * day and person for each task due this week or overdue (the rest cannot make a deadline worse), with
 * capacity as a hard limit but for one task longer than a day alone on an empty day (as the planner allows).
 */
function exactBest(input: Instance['input']): { misses: number; lateness: number; nodes: number } {
  const days = dates(input);
  const lastDay = days[PLAN_DAYS - 1] ?? input.today;
  const afterWeek = addDays(lastDay, 1);
  const isPinned = (task: PlannerTask) => task.pinned === true && task.dueDate !== null && task.dueDate >= input.today && task.dueDate <= lastDay;
  const deadlineTasks = input.tasks
    .filter((task) => task.dueDate !== null && task.dueDate <= lastDay && !isPinned(task))
    .sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? ''));
  const people = input.memberIds;
  const free = new Map(people.map((person) => [person, days.map((date) => freeMinutes(input, person, date))]));
  const used = new Map(people.map((person) => [person, days.map(() => 0)]));
  const count = new Map(people.map((person) => [person, days.map(() => 0)]));
  // Pinned tasks are fixed, as in the planner: on their day, in their assignee's time (or the member with the most room).
  for (const task of input.tasks.filter(isPinned)) {
    const index = days.indexOf(task.dueDate ?? '');
    const roomOf = (person: string) => (free.get(person)?.[index] ?? 0) - (used.get(person)?.[index] ?? 0);
    const person = task.assignedTo && people.includes(task.assignedTo) ? task.assignedTo : [...people].sort((a, b) => roomOf(b) - roomOf(a))[0];
    const usedDays = person ? used.get(person) : undefined;
    const countDays = person ? count.get(person) : undefined;
    if (!usedDays || !countDays) continue;
    usedDays[index] = (usedDays[index] ?? 0) + taskMinutes(task);
    countDays[index] = (countDays[index] ?? 0) + 1;
  }
  const cost = (task: PlannerTask, day: string) => {
    const due = task.dueDate ?? lastDay;
    const late = day > due;
    return (late && due >= input.today ? 1 : 0) * 10_000 + (late ? daysBetween(due, day) : 0);
  };
  const options = deadlineTasks.map((task) => {
    const persons = task.assignedTo && people.includes(task.assignedTo) ? [task.assignedTo] : people;
    const placed = days.flatMap((date, index) => (worksOn(input, task, date) ? persons.map((person) => ({ index, person, cost: cost(task, date) })) : []));
    return [...placed, { index: -1, person: '', cost: cost(task, afterWeek) }].sort((a, b) => a.cost - b.cost);
  });
  const fits = (task: PlannerTask, person: string, index: number) => {
    const minutes = taskMinutes(task);
    const room = (free.get(person)?.[index] ?? 0) - (used.get(person)?.[index] ?? 0);
    const working = workingMinutes(input, person, days[index] ?? '');
    if (working === 0) return false;
    if (minutes > CAPACITY) return (count.get(person)?.[index] ?? 0) === 0 && (free.get(person)?.[index] ?? 0) === working;
    return minutes <= room;
  };
  let best = Number.POSITIVE_INFINITY;
  let nodes = 0;
  const search = (at: number, spent: number) => {
    nodes += 1;
    if (spent >= best || nodes > 20_000_000) return;
    if (at === deadlineTasks.length) {
      best = spent;
      return;
    }
    // A lower bound: each remaining task at its cheapest option that fits now (capacity only shrinks).
    let bound = spent;
    for (let rest = at; rest < deadlineTasks.length; rest += 1) {
      const task = deadlineTasks[rest] as PlannerTask;
      const cheapest = (options[rest] ?? []).find((option) => option.index < 0 || fits(task, option.person, option.index));
      bound += cheapest?.cost ?? 0;
    }
    if (bound >= best) return;
    const task = deadlineTasks[at] as PlannerTask;
    for (const option of options[at] ?? []) {
      if (spent + option.cost >= best) break;
      if (option.index < 0) {
        search(at + 1, spent + option.cost);
        continue;
      }
      if (!fits(task, option.person, option.index)) continue;
      const usedDays = used.get(option.person) as number[];
      const countDays = count.get(option.person) as number[];
      usedDays[option.index] = (usedDays[option.index] ?? 0) + taskMinutes(task);
      countDays[option.index] = (countDays[option.index] ?? 0) + 1;
      search(at + 1, spent + option.cost);
      usedDays[option.index] = (usedDays[option.index] ?? 0) - taskMinutes(task);
      countDays[option.index] = (countDays[option.index] ?? 0) - 1;
    }
  };
  search(0, 0);
  return { misses: Math.floor(best / 10_000), lateness: best % 10_000, nodes };
}

/** The input after Generate wrote the plan's due dates (only ever earlier), then `edit` changed its tasks. */
function replanned(instance: Instance, first: PlannerResult, edit: (tasks: PlannerTask[], next: () => number) => PlannerTask[], next: () => number) {
  const dated = new Map(first.placements.map((placement) => [placement.taskId, placement.date]));
  const written = instance.input.tasks.map((task) => {
    const date = dated.get(task.id);
    return date && (task.dueDate === null || date < task.dueDate) ? { ...task, dueDate: date } : task;
  });
  // As the saved plan keeps them: each placed task's day, and whose time the team's work took.
  const doneBy = first.placements.flatMap((placement) => (placement.doneBy ? [[placement.taskId, placement.doneBy]] : []));
  return { ...instance.input, tasks: edit(written, next), previousDates: Object.fromEntries(dated), previousDoneBy: Object.fromEntries(doneBy) };
}

/**
 * A member off for a day they had work on (the plan's day of most of theirs), after Generate, nothing else
 * changed: the share of the other tasks the replan moved (those on that member's day must move).
 */
function churnAfterDayOff(instance: Instance, first: PlannerResult, next: () => number): number {
  const input = replanned(instance, first, (tasks) => tasks, next);
  const personOf = (placement: PlannerResult['placements'][number]) => input.tasks.find((task) => task.id === placement.taskId)?.assignedTo ?? placement.doneBy;
  const busyDays = first.placements.flatMap((placement) => {
    const person = personOf(placement);
    return person && instance.input.memberIds.includes(person) ? [{ person, date: placement.date }] : [];
  });
  const off = busyDays[Math.floor(next() * busyDays.length)];
  if (!off) return 0;
  const workingTime = { ...input.workingMinutes, [off.person]: { ...input.workingMinutes?.[off.person], [off.date]: 0 } };
  const second = planWeek({ ...input, workingMinutes: workingTime });
  const forced = new Set(first.placements.filter((placement) => placement.date === off.date && personOf(placement) === off.person).map((placement) => placement.taskId));
  const keep = (result: PlannerResult): PlannerResult => ({ ...result, placements: result.placements.filter((placement) => !forced.has(placement.taskId)) });
  return churn(keep(first), keep(second));
}

function churn(first: PlannerResult, second: PlannerResult): number {
  const before = new Map(first.placements.map((placement) => [placement.taskId, placement.date]));
  const both = second.placements.filter((placement) => before.has(placement.taskId));
  return both.length === 0 ? 0 : both.filter((placement) => before.get(placement.taskId) !== placement.date).length / both.length;
}

/** About 5 % of the tasks changed: some completed, some added, some re-estimated. */
function smallEdits(tasks: PlannerTask[], next: () => number): PlannerTask[] {
  const changes = Math.max(1, Math.round(tasks.length * 0.05));
  const edited = [...tasks];
  for (let change = 0; change < changes; change += 1) {
    const kind = next();
    const index = Math.floor(next() * edited.length);
    const task = edited[index];
    if (!task) continue;
    if (kind < 0.4) edited.splice(index, 1);
    else if (kind < 0.7) edited.push({ ...task, id: `${task.id}-new${change}`, title: `${task.title} (new)`, dueDate: null });
    else edited[index] = { ...task, timeEstimate: (1 + Math.floor(next() * 16)) * 15 };
  }
  return edited;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '—');

function run(): void {
  const next = random(seed);
  const corpus = {
    small: Array.from({ length: 20 }, (_, index) => generate(`small-${index}`, next, 4 + Math.floor(next() * 9), 1 + Math.floor(next() * 3), 1 + Math.floor(next() * 3))),
    medium: Array.from({ length: 20 }, (_, index) => generate(`medium-${index}`, next, 200, 10, 12, true)),
    large: Array.from({ length: 5 }, (_, index) => generate(`large-${index}`, next, 10_000, 50, 200, true)),
  };
  console.log(`Planner quality, seed ${seed}: ${corpus.small.length} small, ${corpus.medium.length} medium, ${corpus.large.length} large workspaces\n`);

  for (const [size, instances] of Object.entries(corpus)) {
    const audits: Audit[] = [];
    const churns: number[] = [];
    const dayOffChurns: number[] = [];
    const times: number[] = [];
    const firstTimes: number[] = [];
    let exactMisses = 0;
    let exactLateness = 0;
    let moreMissesThanExact = 0;
    let exactNodes = 0;
    for (const instance of instances) {
      const started = performance.now();
      const first = planWeek(instance.input);
      firstTimes.push(performance.now() - started);
      // Steady state, as bench/weekly-planner.ts measures it (and a warm Lambda runs it): the median of 5 more.
      times.push(median(Array.from({ length: 5 }, () => {
        const again = performance.now();
        planWeek(instance.input);
        return performance.now() - again;
      })));
      const checked = audit(instance.input, first);
      audits.push(checked);
      if (size === 'small') {
        const best = exactBest(instance.input);
        exactMisses += best.misses;
        exactLateness += best.lateness;
        exactNodes = Math.max(exactNodes, best.nodes);
        if (checked.strictMisses > best.misses) moreMissesThanExact += 1;
      }
      churns.push(churn(first, planWeek(replanned(instance, first, smallEdits, next))));
      dayOffChurns.push(churnAfterDayOff(instance, first, next));
    }
    const sum = (pick: (entry: Audit) => number) => audits.reduce((total, entry) => total + pick(entry), 0);
    const sizes = instances.map((instance) => instance.input.tasks.length);
    const fewest = Math.min(...sizes);
    const most = Math.max(...sizes);
    console.log(`${size}: ${instances.length} workspaces, ${fewest === most ? fewest : `${fewest}–${most}`} tasks each`);
    console.log(`  hard-rule violations: ${sum((entry) => entry.violations)} (goal 0)`);
    console.log(`  deadline misses: ${sum((entry) => entry.misses)} (${sum((entry) => entry.strictMisses)} counting deadlines kept only by going over capacity)`);
    console.log(`  lateness: ${sum((entry) => entry.lateness)} task-days`);
    if (size === 'small') {
      console.log(`  exact search: ${exactMisses} misses, ${exactLateness} task-days late (largest search ${exactNodes} nodes)`);
      console.log(`  workspaces where the planner misses more deadlines than the best plan (strictly counted): ${moreMissesThanExact} of ${instances.length} (goal 0)`);
      console.log(`  lateness against the best plan: ${fixed(exactLateness > 0 ? sum((entry) => entry.lateness) / exactLateness : 1)}× (goal ≤ 1.05×)`);
    }
    console.log(`  churn after ~5 % of tasks changed: median ${fixed(median(churns) * 100, 1)} %, worst ${fixed(Math.max(...churns) * 100, 1)} % (goal ≤ 10 %)`);
    console.log(`  churn after a member takes a day of theirs off (tasks not on that day): median ${fixed(median(dayOffChurns) * 100, 1)} %, worst ${fixed(Math.max(...dayOffChurns) * 100, 1)} %`);
    console.log(`  evenness (largest ÷ smallest member load): median ${fixed(median(audits.map((entry) => entry.evenness)))}`);
    console.log(`  peak day ÷ average working day per person: median ${fixed(median(audits.map((entry) => entry.peak)))}`);
    console.log(`  time to plan (median of 5 runs after the first): median ${fixed(median(times), 1)} ms, max ${fixed(Math.max(...times), 1)} ms${size === 'large' ? ' (goal ≤ 100 ms)' : ''}`);
    console.log(`  the first run of each: median ${fixed(median(firstTimes), 1)} ms, max ${fixed(Math.max(...firstTimes), 1)} ms\n`);
  }
}

run();
