/**
 * The weekly planner alone (shared/rules/weekly-planner.ts): 10,000 pending tasks over 200 projects and 50
 * members (a fifth unassigned), 3 focus projects, mixed preferred days and estimates.
 *
 *   npx tsx bench/weekly-planner.ts [tasks=10000] [members=50] [runs=20]
 *
 * Prints min/median/max time of planWeek and what it placed; asserts nothing (goal: ≤ 100 ms).
 */
import { performance } from 'node:perf_hooks';
import { priorities, weekDays } from '../shared/schemas/project.js';
import { planWeek, type PlannerInput } from '../shared/rules/weekly-planner.js';

const [taskCount = 10_000, memberCount = 50, runs = 20] = process.argv.slice(2).map(Number);

const members = Array.from({ length: memberCount }, (_, index) => `member-${index}`);
const projects = Array.from({ length: 200 }, (_, index) => ({
  id: `project-${index}`,
  name: `Project ${index}`,
  preferredDays: index % 5 === 0 ? [...weekDays] : index % 7 === 0 ? (['tuesday', 'thursday'] as const) : [],
}));
const input: PlannerInput = {
  today: '2026-11-23',
  projects,
  focusProjectIds: ['project-1', 'project-2', 'project-3'],
  memberNames: Object.fromEntries(members.map((id, index) => [id, `Member ${index}`])),
  tasks: Array.from({ length: taskCount }, (_, index) => ({
    id: `task-${index}`,
    projectId: `project-${index % projects.length}`,
    title: `Task ${index}`,
    priority: priorities[index % 3] ?? 'medium',
    dueDate: index % 4 === 0 ? null : `2026-12-${String((index % 28) + 1).padStart(2, '0')}`,
    timeEstimate: index % 6 === 0 ? null : ((index % 16) + 1) * 15,
    assignedTo: index % 5 === 0 ? null : (members[index % members.length] ?? null),
  })),
};

const times: number[] = [];
let result = planWeek(input);
for (let run = 0; run < runs; run += 1) {
  const started = performance.now();
  result = planWeek(input);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (index: number) => (times[index] ?? NaN).toFixed(1);
console.log(`planWeek: ${taskCount} tasks, ${memberCount} members, 200 projects, ${runs} runs`);
console.log(`  time min ${at(0)} ms, median ${at(Math.floor(times.length / 2))} ms, max ${at(times.length - 1)} ms (goal ≤ 100 ms)`);
console.log(`  placed ${result.placements.length}, not placed ${result.unplaced.length}`);
