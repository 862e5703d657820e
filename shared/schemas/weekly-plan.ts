import * as z from 'zod/mini';
import { resourceId } from './ids.js';
import { calendarDate, priorities } from './project.js';

/**
 * The weekly plan (spec core §2 Weekly Plan card, §7 generation): POST generates it — every pending task of
 * the workspace placed on one of the next 7 days, its due date set — and answers the days with their tasks,
 * one reason per placement, what could not be placed and what changed meanwhile (kept, not overwritten).
 */
export const MAX_FOCUS_PROJECTS = 50;

export const generateWeeklyPlanInput = z.object({
  /** The spec's body names the workspace; the address does too, and they must agree. */
  workspaceId: z.optional(resourceId('workspaceId must be a workspace id')),
  focusProjects: z.optional(
    z
      .array(resourceId('focusProjects must hold project ids'))
      .check(
        z.maxLength(MAX_FOCUS_PROJECTS, { error: `focusProjects may hold at most ${MAX_FOCUS_PROJECTS} projects` }),
        z.refine((ids) => new Set(ids).size === ids.length, { error: 'Each focus project may be listed once' }),
      ),
  ),
  /** The user's IANA time zone: the plan starts on their today. */
  timeZone: z.optional(z.string().check(z.maxLength(64))),
});
export type GenerateWeeklyPlanInput = z.infer<typeof generateWeeklyPlanInput>;

/**
 * A task the plan could not keep safe (issue 31): late, or on time only by going over capacity. With the
 * task as the plan left it, so a risk whose task changed since (fixed, or edited) is no longer shown.
 */
export const planRisk = z.object({
  /** "can't fit by Thu: Ana has 2h free, it needs 5h", "was due 25 Nov". */
  text: z.string(),
  /** A member with room for it by its due date (the team's plan only). */
  roomWith: z.optional(z.string()),
  assignedTo: z.nullable(z.string()),
  timeEstimate: z.nullable(z.number()),
  dueDate: z.nullable(calendarDate),
});
export type PlanRisk = z.infer<typeof planRisk>;

export const weeklyPlanTask = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  description: z.string(),
  priority: z.enum(priorities),
  projectName: z.string(),
  projectColor: z.string(),
  /** Minutes; null when the task has no estimate (the plan counts it as 60). */
  timeEstimate: z.nullable(z.number()),
  /** Why it is on this day, e.g. 'Tue: Apollo is a focus project; Mon is full for Ana'. */
  reason: z.string(),
  /** Planned after its due date (it had passed, or no working day came before it): its due date stays. */
  late: z.optional(z.literal(true)),
  /** The due date it keeps, when late. */
  dueDate: z.optional(z.nullable(calendarDate)),
  /** Its day goes over its person's time: nothing else fitted by its due date. */
  overCapacity: z.optional(z.literal(true)),
  risk: z.optional(planRisk),
});
export type WeeklyPlanTask = z.infer<typeof weeklyPlanTask>;

export const weeklyPlanDay = z.object({
  date: calendarDate,
  dayName: z.string(),
  isToday: z.boolean(),
  tasks: z.array(weeklyPlanTask),
  totalTasks: z.number(),
  /** Minutes, a missing estimate counted as 60. */
  totalTime: z.number(),
});
export type WeeklyPlanDay = z.infer<typeof weeklyPlanDay>;

export const leftOut = z.object({ taskId: z.string(), projectId: z.string(), title: z.string(), reason: z.string() });

export const weeklyPlanView = z.object({
  days: z.array(weeklyPlanDay),
  /** Tasks with no room in the next 7 days, with the reason. */
  unplaced: z.array(leftOut),
  /** Tasks someone changed while the plan was written: their edit was kept and their due date not set. */
  conflicts: z.array(leftOut),
});
export type WeeklyPlanView = z.infer<typeof weeklyPlanView>;

export const weeklyPlanResponse = z.object({ weeklyPlan: weeklyPlanView });

/** Who a plan was made for: the whole workspace (by an owner or admin), or only the caller's own tasks (a member). */
export const planScopes = ['team', 'own'] as const;
export type PlanScope = (typeof planScopes)[number];

/** Where the last plan put one task, and why: kept with the plan, so the reason is still there after a reload. */
export const savedPlacement = z.object({
  taskId: z.string(),
  date: calendarDate,
  reason: z.string(),
  late: z.optional(z.literal(true)),
  overCapacity: z.optional(z.literal(true)),
  risk: z.optional(planRisk),
});
export type SavedPlacement = z.infer<typeof savedPlacement>;

/**
 * The last plan as saved (GET): the team's, with the caller's own plan over it where that is newer (a member
 * plans only their own tasks). The card lays out the tasks as they are now and takes the reasons from here.
 */
export const savedWeeklyPlan = z.object({
  /** When the newest of the plans shown was made. */
  generatedAt: z.string(),
  /** The first day of its week. */
  weekStart: calendarDate,
  placements: z.array(savedPlacement),
  unplaced: z.array(leftOut),
  conflicts: z.array(leftOut),
});
export type SavedWeeklyPlan = z.infer<typeof savedWeeklyPlan>;

export const savedWeeklyPlanResponse = z.object({ weeklyPlan: z.nullable(savedWeeklyPlan) });
