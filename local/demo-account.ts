import { UsernameExistsException } from '@aws-sdk/client-cognito-identity-provider';
import { addDays, toCalendarDate } from '../shared/rules/calendar-date.js';
import type { WebConfig } from '../shared/web-config.js';
import { signIn, signUp } from './cognito-users.js';

export const DEMO_EMAIL = 'demo@taskflow.local';
export const DEMO_PASSWORD = 'Demo-password-1';

type Call = <T>(method: string, path: string, body?: object) => Promise<T>;

/** The API as the demo user, through the same routes the web app calls. */
function apiAs(config: WebConfig, idToken: string): Call {
  return async <T>(method: string, path: string, body?: object): Promise<T> => {
    const response = await fetch(`${config.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${idToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${path} for the demo account failed with status ${response.status}`);
    return (await response.json()) as T;
  };
}

interface SampleProject {
  readonly project: { name: string; description: string; color: string; priority: 'low' | 'medium' | 'high' };
  readonly deadlineIn: number;
  readonly favorite: boolean;
  /**
   * Due dates are days from today (`dueIn`) or the coming Monday (today on a Monday); `mine` tasks are
   * assigned to the demo user; `labels` names the demo's labels; `repeat` is an RRULE counted from the due date.
   */
  readonly tasks: readonly {
    title: string;
    status?: 'todo' | 'in_progress' | 'completed';
    priority?: 'low' | 'medium' | 'high';
    dueIn?: number | 'monday';
    estimate?: number;
    mine?: boolean;
    labels?: readonly DemoLabel[];
    repeat?: string;
    /** Sub-tasks in order; `done` ones are completed. */
    subtasks?: readonly { title: string; done?: boolean }[];
  }[];
  readonly milestones: readonly { title: string; dueIn: number }[];
  readonly notes: readonly { title: string; content: string }[];
}

/** The workspace's labels, with their colours. */
const DEMO_LABELS = { Bug: '#EF4444', Design: '#8B5CF6', Content: '#F59E0B' } as const;
type DemoLabel = keyof typeof DEMO_LABELS;

/**
 * Enough for every page to show something: overdue and due-today tasks, a week to plan, labels, a task that
 * repeats, a task with sub-tasks, milestones, notes.
 */
function sampleProjects(): SampleProject[] {
  return [
    {
      project: { name: 'Website Relaunch', description: 'New site, new pricing page, no broken links.', color: '#3B82F6', priority: 'high' },
      deadlineIn: 21,
      favorite: true,
      tasks: [
        { title: 'Audit the current pages', status: 'completed', dueIn: -5, estimate: 120, mine: true },
        { title: 'Fix broken links on the blog', priority: 'high', dueIn: -2, estimate: 60, mine: true, labels: ['Bug'] },
        {
          title: 'Write the new homepage copy',
          status: 'in_progress',
          priority: 'high',
          dueIn: 0,
          estimate: 120,
          mine: true,
          labels: ['Content'],
          subtasks: [{ title: 'Headline and intro', done: true }, { title: 'Feature blurbs' }, { title: 'Call to action' }],
        },
        { title: 'Design the pricing page', dueIn: 2, estimate: 180, labels: ['Design', 'Content'] },
        { title: 'Set up redirects', priority: 'low', dueIn: 5, estimate: 45 },
      ],
      milestones: [
        { title: 'Content freeze', dueIn: 10 },
        { title: 'Launch', dueIn: 21 },
      ],
      notes: [{ title: 'Kick-off notes', content: '## Goals\n\n- Faster pages\n- A clearer **pricing** page\n\n## Open questions\n\n1. Who signs off the copy?\n2. Do we keep the old blog URLs?' }],
    },
    {
      project: { name: 'Mobile App', description: 'The first version of the phone app.', color: '#10B981', priority: 'medium' },
      deadlineIn: 45,
      favorite: false,
      tasks: [
        { title: 'Sketch the onboarding screens', dueIn: 1, estimate: 90, mine: true },
        { title: 'Pick a push notification service', priority: 'low', dueIn: 4 },
        { title: 'Plan the beta feedback round', dueIn: 12, estimate: 60 },
        { title: 'Weekly beta check-in', dueIn: 'monday', estimate: 30, mine: true, repeat: 'FREQ=WEEKLY;BYDAY=MO' },
      ],
      milestones: [{ title: 'Beta', dueIn: 30 }],
      notes: [],
    },
  ];
}

/** Fills the demo workspace with the sample projects, dated from today. */
async function addSampleData(call: Call, workspaceId: string, userId: string): Promise<void> {
  const today = toCalendarDate(new Date());
  const comingMonday = addDays(today, (8 - new Date(`${today}T12:00:00Z`).getUTCDay()) % 7);
  // The machine's time zone: a local demo's repeats count days where it runs.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const labelIds = new Map<string, string>();
  for (const [name, color] of Object.entries(DEMO_LABELS)) {
    const { label } = await call<{ label: { id: string } }>('POST', `/workspaces/${workspaceId}/labels`, { name, color });
    labelIds.set(name, label.id);
  }
  for (const sample of sampleProjects()) {
    const { project } = await call<{ project: { id: string; version: number } }>('POST', `/workspaces/${workspaceId}/projects`, {
      ...sample.project,
      deadline: addDays(today, sample.deadlineIn),
    });
    const base = `/workspaces/${workspaceId}/projects/${project.id}`;
    if (sample.favorite) await call('PATCH', base, { version: project.version, isFavorite: true });
    for (const task of sample.tasks) {
      const { task: created } = await call<{ task: { id: string } }>('POST', `${base}/tasks`, {
        title: task.title,
        status: task.status ?? 'todo',
        priority: task.priority ?? 'medium',
        dueDate: task.dueIn === undefined ? null : task.dueIn === 'monday' ? comingMonday : addDays(today, task.dueIn),
        timeEstimate: task.estimate ?? null,
        assignedTo: task.mine ? userId : null,
        labelIds: (task.labels ?? []).map((name) => labelIds.get(name)),
        ...(task.repeat ? { repeat: { rule: task.repeat, from: 'due', timeZone } } : {}),
      });
      for (const subtask of task.subtasks ?? []) {
        await call('POST', `${base}/tasks`, { title: subtask.title, parentId: created.id, status: subtask.done ? 'completed' : 'todo' });
      }
    }
    for (const milestone of sample.milestones) await call('POST', `${base}/milestones`, { title: milestone.title, dueDate: addDays(today, milestone.dueIn) });
    for (const note of sample.notes) await call('POST', `${base}/notes`, note);
  }
  await call('POST', `/workspaces/${workspaceId}/links`, { url: 'https://docs.aws.amazon.com/cdk/', category: 'Software Development', title: 'AWS CDK docs' });
}

/**
 * A ready account for demos, signed up through cognito-local like anyone else, with a workspace of sample
 * projects created through the API. Made once: a later start that finds the account with a workspace leaves
 * it as its users left it, and one that finds it without (the first start stopped half-way) fills it in.
 */
export async function ensureDemoAccount(config: WebConfig): Promise<void> {
  try {
    await signUp(config, DEMO_EMAIL, DEMO_PASSWORD);
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
  }
  const call = apiAs(config, await signIn(config, DEMO_EMAIL, DEMO_PASSWORD));
  const { workspaces } = await call<{ workspaces: unknown[] }>('GET', '/workspaces');
  if (workspaces.length > 0) return;
  const { workspace } = await call<{ workspace: { id: string } }>('POST', '/workspaces', { name: 'Demo Workspace' });
  const { profile } = await call<{ profile: { userId: string } }>('GET', '/profile');
  await addSampleData(call, workspace.id, profile.userId);
}
