import { containsUnprintable, containsUnprintableInLines } from '../rules/printable-text.js';
import { isValidTimeZone } from '../rules/time-zones.js';
import * as z from 'zod/mini';
import { resourceId } from './ids.js';

/**
 * Projects and what they hold (spec core §3, §5, §7): the request bodies the API accepts and the views it
 * returns. The server validates every body with these; the web app parses every answer with them.
 */

export const PROJECT_NAME_MAX_LENGTH = 100;
export const PROJECT_DESCRIPTION_MAX_LENGTH = 2_000;
export const TASK_TITLE_MAX_LENGTH = 200;
export const TASK_DESCRIPTION_MAX_LENGTH = 5_000;
export const MILESTONE_TITLE_MAX_LENGTH = 200;
export const MILESTONE_DESCRIPTION_MAX_LENGTH = 2_000;
export const NOTE_TITLE_MAX_LENGTH = 200;
/** Markdown characters per note: at most 4 bytes each in UTF-8, so a note stays far below DynamoDB's 400 KB item. */
export const NOTE_CONTENT_MAX_LENGTH = 50_000;
export const TIME_ESTIMATE_STEP_MINUTES = 15;
/** A week, so a typo such as 60000 is refused rather than planned. */
export const TIME_ESTIMATE_MAX_MINUTES = 7 * 24 * 60;

export const DEFAULT_PROJECT_COLOR = '#3B82F6';

export const priorities = ['low', 'medium', 'high'] as const;
export type Priority = (typeof priorities)[number];

export const taskStatuses = ['todo', 'in_progress', 'completed'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const weekDays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
/** The days' names as the app writes them ('Monday'). */
export const weekDayNames = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
} as const;
export type WeekDay = (typeof weekDays)[number];
export const DEFAULT_PREFERRED_DAYS: readonly WeekDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

// --- field rules -----------------------------------------------------------------------------------------

function requiredText(label: string, max: number) {
  return z.string({ error: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, { error: `${label} is required`, abort: true }),
    z.maxLength(max, { error: `${label} must be at most ${max} characters` }),
    z.refine((text) => !containsUnprintable(text), { error: `${label} must be one line of printable text` }),
  );
}

function optionalText(label: string, max: number) {
  return z.string({ error: `${label} must be text` }).check(
    z.maxLength(max, { error: `${label} must be at most ${max} characters` }),
    z.refine((text) => !containsUnprintableInLines(text), { error: `${label} must not hold control characters` }),
  );
}

/** A calendar date, YYYY-MM-DD. The web app reads it as 12:00 local time on that day (core §3). */
export const calendarDate = z.iso.date({ error: 'Must be a date in the form YYYY-MM-DD' });

export const nullableDate = z.nullable(calendarDate);

export const hexColor = z.pipe(
  z.string({ error: 'Color is required' }).check(z.regex(/^#[0-9a-fA-F]{6}$/, { error: 'Color must be a hex colour such as #3B82F6' })),
  z.transform((color: string) => color.toUpperCase()),
);

/** Minutes, an integer ≥ 0 in steps of 15; null means none (a blank field). */
export const timeEstimate = z.nullable(
  z.number({ error: 'Time estimate must be a number of minutes' }).check(
    z.int({ error: 'Time estimate must be a whole number of minutes' }),
    z.minimum(0, { error: 'Time estimate must be 0 or more' }),
    z.maximum(TIME_ESTIMATE_MAX_MINUTES, { error: `Time estimate must be at most ${TIME_ESTIMATE_MAX_MINUTES} minutes` }),
    z.multipleOf(TIME_ESTIMATE_STEP_MINUTES, { error: `Time estimate must be in steps of ${TIME_ESTIMATE_STEP_MINUTES} minutes` }),
  ),
);

/** The version the client read; a write with an older one is refused with 409. */
export const expectedVersion = z.number({ error: 'version is required' }).check(z.int(), z.minimum(1));

/**
 * Bounds of a card position: numbers the table can store (the SDK refuses numbers beyond 2^53, DynamoDB
 * magnitudes below 1e-130), with ample room for appending POSITION_STEP after the last card.
 */
export const POSITION_MAX_MAGNITUDE = 1e12;
const POSITION_MIN_MAGNITUDE = 1e-100;

export const position = z.number({ error: 'position must be a number' }).check(
  z.minimum(-POSITION_MAX_MAGNITUDE, { error: `position must be at least -${POSITION_MAX_MAGNITUDE}` }),
  z.maximum(POSITION_MAX_MAGNITUDE, { error: `position must be at most ${POSITION_MAX_MAGNITUDE}` }),
  z.refine((value) => value === 0 || Math.abs(value) >= POSITION_MIN_MAGNITUDE, { error: 'position is too close to 0' }),
);


const preferredDays = z.array(z.enum(weekDays)).check(z.refine((days) => new Set(days).size === days.length, { error: 'Each day may be listed once' }));

// --- projects --------------------------------------------------------------------------------------------

export const createProjectInput = z.object({
  name: requiredText('Project Name', PROJECT_NAME_MAX_LENGTH),
  description: z._default(optionalText('Description', PROJECT_DESCRIPTION_MAX_LENGTH), ''),
  color: z._default(hexColor, DEFAULT_PROJECT_COLOR),
  deadline: z._default(nullableDate, null),
  priority: z._default(z.enum(priorities), 'medium'),
  preferredDays: z._default(preferredDays, [...DEFAULT_PREFERRED_DAYS]),
});
export type CreateProjectInput = z.infer<typeof createProjectInput>;

/** Only the fields sent change. `archived: true` also sets archivedAt; `false` clears it. */
export const updateProjectInput = z.object({
  version: expectedVersion,
  name: z.optional(requiredText('Project Name', PROJECT_NAME_MAX_LENGTH)),
  description: z.optional(optionalText('Description', PROJECT_DESCRIPTION_MAX_LENGTH)),
  color: z.optional(hexColor),
  deadline: z.optional(nullableDate),
  priority: z.optional(z.enum(priorities)),
  isFavorite: z.optional(z.boolean()),
  preferredDays: z.optional(preferredDays),
  archived: z.optional(z.boolean()),
});
export type UpdateProjectInput = z.infer<typeof updateProjectInput>;

// --- tasks -----------------------------------------------------------------------------------------------

/** How many tasks may block one task (a long list is a project, not a dependency). */
export const MAX_BLOCKERS = 20;

/** A task that blocks another (issue 31): any task of the same workspace, named with its project. */
export const taskRef = z.object({
  projectId: resourceId('Each blocking task needs its projectId'),
  taskId: resourceId('Each blocking task needs its taskId'),
});
export type TaskRef = z.infer<typeof taskRef>;

/** The tasks that must be done before this one; [] for none. */
const blockedBy = z.array(taskRef, { error: 'blockedBy must be a list of tasks' }).check(
  z.maxLength(MAX_BLOCKERS, { error: `A task may be blocked by at most ${MAX_BLOCKERS} tasks` }),
  z.refine((refs) => new Set(refs.map((ref) => ref.taskId)).size === refs.length, { error: 'Each blocking task may be listed once' }),
);

/** How many labels one task may carry (issue 36). */
export const MAX_LABELS_PER_TASK = 10;

/** A task's labels: ids of its workspace's labels (shared/schemas/label.ts), each once; [] for none. */
export const labelIds = z.array(resourceId('Each label needs its id'), { error: 'labelIds must be a list of label ids' }).check(
  z.maxLength(MAX_LABELS_PER_TASK, { error: `A task may have at most ${MAX_LABELS_PER_TASK} labels` }),
  z.refine((ids) => new Set(ids).size === ids.length, { error: 'Each label may be listed once' }),
);
/** Where a repeating task's next date counts from (issue 36): its due date, or the day it was completed. */
export const repeatFrom = ['due', 'completion'] as const;
export const REPEAT_RULE_MAX_LENGTH = 200;

/**
 * A task's repeat rule (issue 36): an RFC 5545 RRULE without DTSTART, and the time zone whose day a
 * completion counts as. The rule's meaning is checked on the server (shared/rules/repeat.ts, which carries
 * the `rrule` package and so stays out of this schema).
 */
export const taskRepeat = z.object({
  rule: z.string({ error: 'Repeat rule must be text' }).check(
    z.minLength(1, { error: 'Repeat rule is required', abort: true }),
    z.maxLength(REPEAT_RULE_MAX_LENGTH, { error: `Repeat rule must be at most ${REPEAT_RULE_MAX_LENGTH} characters` }),
  ),
  from: z.enum(repeatFrom, { error: 'Repeat must count from due or completion' }),
  timeZone: z.string({ error: 'Repeat time zone is required' }).check(z.refine(isValidTimeZone, { error: 'Repeat time zone must be an IANA time zone' })),
});
export type TaskRepeat = z.infer<typeof taskRepeat>;

/** What a repeating task's following occurrences take where this one was edited on its own ("this one only"). */
export const seriesFields = z.object({
  title: z.string(),
  description: z.string(),
  priority: z.enum(priorities),
  timeEstimate: z.nullable(z.number()),
  assignedTo: z.nullable(z.string()),
  labelIds: z.optional(z.array(z.string())),
});
export type SeriesFields = z.infer<typeof seriesFields>;
/** How many sub-tasks one task may hold: deleting it takes them all in one transaction (100 items at most). */
export const MAX_SUBTASKS = 50;

const parentId = resourceId('parentId must be a task id');
const completeSubtasks = z.optional(z.boolean({ error: 'completeSubtasks must be true or false' }));

export const createTaskInput = z.object({
  title: requiredText('Title', TASK_TITLE_MAX_LENGTH),
  description: z._default(optionalText('Description', TASK_DESCRIPTION_MAX_LENGTH), ''),
  status: z._default(z.enum(taskStatuses), 'todo'),
  priority: z._default(z.enum(priorities), 'medium'),
  dueDate: z._default(nullableDate, null),
  timeEstimate: z._default(timeEstimate, null),
  assignedTo: z._default(z.nullable(resourceId('assignedTo must be a user id')), null),
  /** Where the card sits in its column; the server appends at the end when absent. */
  position: z.optional(position),
  blockedBy: z.optional(blockedBy),
  labelIds: z.optional(labelIds),
  repeat: z.optional(taskRepeat),
  /** Makes it a sub-task of that task of the same project (one level deep). */
  parentId: z.optional(parentId),
});
export type CreateTaskInput = z.infer<typeof createTaskInput>;

/**
 * Only the fields sent change. `completed` is the truth (core §4): when both are sent, `completed` decides
 * and `status` only picks the column of an uncompleted task.
 */
export const updateTaskInput = z.object({
  version: expectedVersion,
  title: z.optional(requiredText('Title', TASK_TITLE_MAX_LENGTH)),
  description: z.optional(optionalText('Description', TASK_DESCRIPTION_MAX_LENGTH)),
  status: z.optional(z.enum(taskStatuses)),
  completed: z.optional(z.boolean()),
  priority: z.optional(z.enum(priorities)),
  dueDate: z.optional(nullableDate),
  timeEstimate: z.optional(timeEstimate),
  assignedTo: z.optional(z.nullable(resourceId('assignedTo must be a user id'))),
  /** Pin to its due date (the weekly plan never moves it), or unpin. */
  pinned: z.optional(z.boolean({ error: 'pinned must be true or false' })),
  /** The whole list of blocking tasks ([] clears it). */
  blockedBy: z.optional(blockedBy),
  /** The whole list of labels ([] clears it). */
  labelIds: z.optional(labelIds),
  /** The repeat rule; null stops repeating. */
  repeat: z.optional(z.nullable(taskRepeat)),
  /** Skips this occurrence of a repeating task: its due date moves to the rule's next one. */
  skipOccurrence: z.optional(z.literal(true, { error: 'skipOccurrence must be true' })),
  /** A repeating task's edit of this occurrence only: the following ones keep what they had. */
  occurrenceOnly: z.optional(z.literal(true, { error: 'occurrenceOnly must be true' })),
  /** A task of the same project to become a sub-task of; null promotes a sub-task to a task of its own. */
  parentId: z.optional(z.nullable(parentId)),
  /** With `completed: true`, its open sub-tasks are completed in the same write. */
  completeSubtasks,
});
export type UpdateTaskInput = z.infer<typeof updateTaskInput>;

/** A drop on the board: the new column and the place in it, written together. */
export const moveTaskInput = z.object({
  version: expectedVersion,
  status: z.enum(taskStatuses, { error: 'status must be todo, in_progress or completed' }),
  position,
  /** Dropped on Completed: its open sub-tasks are completed in the same write. */
  completeSubtasks,
});
export type MoveTaskInput = z.infer<typeof moveTaskInput>;

// --- milestones ------------------------------------------------------------------------------------------

export const createMilestoneInput = z.object({
  title: requiredText('Title', MILESTONE_TITLE_MAX_LENGTH),
  description: z._default(optionalText('Description', MILESTONE_DESCRIPTION_MAX_LENGTH), ''),
  dueDate: calendarDate,
});
export type CreateMilestoneInput = z.infer<typeof createMilestoneInput>;

export const updateMilestoneInput = z.object({
  version: expectedVersion,
  title: z.optional(requiredText('Title', MILESTONE_TITLE_MAX_LENGTH)),
  description: z.optional(optionalText('Description', MILESTONE_DESCRIPTION_MAX_LENGTH)),
  dueDate: z.optional(calendarDate),
  completed: z.optional(z.boolean()),
});
export type UpdateMilestoneInput = z.infer<typeof updateMilestoneInput>;

// --- notes -----------------------------------------------------------------------------------------------

export const createNoteInput = z.object({
  title: requiredText('Title', NOTE_TITLE_MAX_LENGTH),
  content: z._default(optionalText('Content', NOTE_CONTENT_MAX_LENGTH), ''),
});
export type CreateNoteInput = z.infer<typeof createNoteInput>;

/** `projectId` moves the note to another project of the same workspace. */
export const updateNoteInput = z.object({
  version: expectedVersion,
  title: z.optional(requiredText('Title', NOTE_TITLE_MAX_LENGTH)),
  content: z.optional(optionalText('Content', NOTE_CONTENT_MAX_LENGTH)),
  projectId: z.optional(resourceId('Project is required')),
});
export type UpdateNoteInput = z.infer<typeof updateNoteInput>;

// --- views -----------------------------------------------------------------------------------------------

const timestamp = z.string();

export const taskView = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(taskStatuses),
  completed: z.boolean(),
  completedAt: z.nullable(timestamp),
  priority: z.enum(priorities),
  dueDate: z.nullable(calendarDate),
  timeEstimate: z.nullable(z.number()),
  assignedTo: z.nullable(z.string()),
  createdBy: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  position: z.number(),
  version: z.number(),
  /** Pinned to its due date from the weekly plan: a new plan never moves it. Absent when not pinned. */
  pinned: z.optional(z.literal(true)),
  /** The tasks that must be done first (issue 31). Absent when none. */
  blockedBy: z.optional(z.array(taskRef)),
  /** Its labels' ids (issue 36). Absent when none (and on tasks stored before labels). */
  labelIds: z.optional(z.array(z.string())),
  /** The repeat rule (issue 36). Absent when the task does not repeat. */
  repeat: z.optional(taskRepeat),
  /** Set when this occurrence was edited on its own: what the next one takes instead of its fields. */
  series: z.optional(seriesFields),
  /** The task this is a sub-task of (issue 36), in the same project; absent for a task of its own. */
  parentId: z.optional(z.string()),
  /** How many comments it has (issue 37), kept by each comment's write; absent when it never had one. */
  commentCount: z.optional(z.number()),
});
export type TaskView = z.infer<typeof taskView>;

export const milestoneView = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  description: z.string(),
  dueDate: calendarDate,
  completed: z.boolean(),
  completedAt: z.nullable(timestamp),
  createdBy: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: z.number(),
});
export type MilestoneView = z.infer<typeof milestoneView>;

export const noteView = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  content: z.string(),
  createdBy: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: z.number(),
});
export type NoteView = z.infer<typeof noteView>;

/**
 * A project as lists show it: its own fields and how many tasks (of them completed), milestones and notes
 * it holds. The counts live on the stored project and change in the same transaction as the child.
 */
export const projectSummary = z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  deadline: z.nullable(calendarDate),
  priority: z.enum(priorities),
  isFavorite: z.boolean(),
  archived: z.boolean(),
  archivedAt: z.nullable(timestamp),
  preferredDays: z.array(z.enum(weekDays)),
  createdBy: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: z.number(),
  taskCount: z.number().check(z.int(), z.minimum(0)),
  completedTaskCount: z.number().check(z.int(), z.minimum(0)),
  milestoneCount: z.number().check(z.int(), z.minimum(0)),
  noteCount: z.number().check(z.int(), z.minimum(0)),
  /** Comments on the project itself (issue 37), shown on its page's Comments heading. */
  commentCount: z.number().check(z.int(), z.minimum(0)),
  /**
   * How many times a child's write has moved the counts (which leaves `version` alone): with `version`, it
   * orders two copies of the summary, so a realtime push older than the cached copy is ignored.
   */
  countsRevision: z.number().check(z.int(), z.minimum(0)),
});
export type ProjectSummary = z.infer<typeof projectSummary>;

/** What one project holds: tasks by position, milestones by due date, notes newest first. */
export const projectItems = z.object({
  tasks: z.array(taskView),
  milestones: z.array(milestoneView),
  notes: z.array(noteView),
});
export type ProjectItems = z.infer<typeof projectItems>;

export const listProjectsResponse = z.object({ projects: z.array(projectSummary) });
export const projectResponse = z.object({ project: projectSummary });
export const taskResponse = z.object({ task: taskView });
export const milestoneResponse = z.object({ milestone: milestoneView });
export const noteResponse = z.object({ note: noteView });
