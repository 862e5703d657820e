import * as z from 'zod/mini';
import { workspaceRoles } from './workspace.js';
import { calendarDate, taskView } from './project.js';

/**
 * The dashboard's figures (spec core §2 Dashboard), computed on the server from the project summaries and
 * the task index (counting Queries), never by loading every task.
 */
export const TODAY_ROWS = 3;

export const dashboardQuery = z.object({
  /** The user's day, YYYY-MM-DD (overdue is before it); the server's UTC day when absent. */
  today: z.optional(calendarDate),
});

export const memberWorkload = z.object({
  userId: z.string(),
  displayName: z.string(),
  /** For owners and admins only, as in the members list. */
  email: z.optional(z.string()),
  role: z.enum(workspaceRoles),
  /** Assigned and not completed. */
  activeTasks: z.number(),
  /** Completed this week: in the last 7 days (spec core §9). */
  completedThisWeek: z.number(),
});
export type MemberWorkload = z.infer<typeof memberWorkload>;

export const activityTypes = ['task_created', 'task_completed', 'task_assigned', 'milestone_completed', 'note_created', 'member_joined'] as const;
export type ActivityType = (typeof activityTypes)[number];
export const ACTIVITY_ROWS = 8;

/** One event of the Team Activity card, with names as the members are called now. */
export const activityView = z.object({
  id: z.string(),
  type: z.enum(activityTypes),
  actorName: z.string(),
  subject: z.string(),
  projectId: z.nullable(z.string()),
  itemId: z.nullable(z.string()),
  targetName: z.nullable(z.string()),
  at: z.string(),
  /** Its task or project is gone (deleted, or undone): the event is told, but leads nowhere. */
  gone: z.optional(z.literal(true)),
});
export type ActivityView = z.infer<typeof activityView>;

export const dashboardView = z.object({
  tasks: z.object({ total: z.number(), completed: z.number(), overdue: z.number(), completionRate: z.number() }),
  team: z.object({ members: z.number(), assignedTasks: z.number(), completedLast7Days: z.number(), assignmentRate: z.number() }),
  workload: z.array(memberWorkload),
  /** At most 3 of each, oldest overdue first; the counts say how many there are in all. */
  today: z.object({ overdue: z.array(taskView), dueToday: z.array(taskView), overdueCount: z.number(), dueTodayCount: z.number() }),
  /** The latest events, newest first. */
  activity: z.array(activityView),
});
export type DashboardView = z.infer<typeof dashboardView>;

export const dashboardResponse = z.object({ dashboard: dashboardView });
