import * as z from 'zod/mini';
import { defaultGmailRules } from '../data/gmail';
import { defaultSelectedRepositories } from '../data/github';
import { gmailRuleSchema } from './gmail-rules';

/**
 * What the mock-ups keep in this browser (spec pages §1, §4: Slack, Gmail, GitHub and Fireflies make no
 * calls; their connected flags, rules and toggles are local). One localStorage entry per integration and
 * person, the key below followed by '.' and the user's id.
 */
export const integrationStorageKeys = {
  slack: 'integrations.slack',
  gmail: 'integrations.gmail',
  github: 'integrations.github',
  fireflies: 'integrations.fireflies',
} as const;

export const slackStateSchema = z.object({ connected: z.boolean() });
export type SlackState = z.infer<typeof slackStateSchema>;
export const defaultSlackState: SlackState = { connected: false };

const gmailSettingsSchema = z.object({
  autoCreateTasks: z.boolean(),
  sendReports: z.boolean(),
  syncContacts: z.boolean(),
  emailDigest: z.boolean(),
});
export type GmailSettings = z.infer<typeof gmailSettingsSchema>;
export const gmailStateSchema = z.object({
  connected: z.boolean(),
  rules: z.array(gmailRuleSchema),
  settings: gmailSettingsSchema,
});
export type GmailState = z.infer<typeof gmailStateSchema>;
export const defaultGmailState: GmailState = {
  connected: false,
  rules: [...defaultGmailRules],
  settings: { autoCreateTasks: true, sendReports: false, syncContacts: false, emailDigest: true },
};

const githubSettingsSchema = z.object({
  syncIssues: z.boolean(),
  syncPullRequests: z.boolean(),
  syncCommits: z.boolean(),
  createTasksFromIssues: z.boolean(),
  notifyOnPR: z.boolean(),
});
export type GithubSettings = z.infer<typeof githubSettingsSchema>;
export const githubStateSchema = z.object({
  connected: z.boolean(),
  selectedRepositories: z.array(z.string()),
  settings: githubSettingsSchema,
});
export type GithubState = z.infer<typeof githubStateSchema>;
export const defaultGithubState: GithubState = {
  connected: false,
  selectedRepositories: [...defaultSelectedRepositories],
  settings: { syncIssues: true, syncPullRequests: true, syncCommits: false, createTasksFromIssues: true, notifyOnPR: false },
};

const firefliesSettingsSchema = z.object({
  autoCreateNotes: z.boolean(),
  extractActionItems: z.boolean(),
  tagParticipants: z.boolean(),
  summarizeKey: z.boolean(),
  notifyOnProcessing: z.boolean(),
});
export type FirefliesSettings = z.infer<typeof firefliesSettingsSchema>;
/** A real task made from a sample action item, in the workspace that was current then. */
const createdTaskSchema = z.object({ itemId: z.string(), workspaceId: z.string(), projectId: z.string(), taskId: z.string() });
export type CreatedActionItemTask = z.infer<typeof createdTaskSchema>;
export const firefliesStateSchema = z.object({
  connected: z.boolean(),
  /** The random part of the mock webhook URL; '' until the first connection. */
  webhookToken: z.string().check(z.regex(/^[0-9a-f]*$/)),
  settings: firefliesSettingsSchema,
  createdTasks: z.array(createdTaskSchema),
});
export type FirefliesState = z.infer<typeof firefliesStateSchema>;
export const defaultFirefliesState: FirefliesState = {
  connected: false,
  webhookToken: '',
  settings: { autoCreateNotes: true, extractActionItems: true, tagParticipants: false, summarizeKey: true, notifyOnProcessing: false },
  createdTasks: [],
};

/** GitHub's Disconnect also clears the chosen repositories (spec pages §4). */
export function disconnectGithub(state: GithubState): GithubState {
  return { ...state, connected: false, selectedRepositories: [] };
}

export function toggleRepository(state: GithubState, fullName: string): GithubState {
  const selected = state.selectedRepositories.includes(fullName);
  return {
    ...state,
    selectedRepositories: selected ? state.selectedRepositories.filter((name) => name !== fullName) : [...state.selectedRepositories, fullName],
  };
}

/** The task made from an action item in this workspace, if any. */
export function createdTaskFor(state: FirefliesState, itemId: string, workspaceId: string | undefined): CreatedActionItemTask | undefined {
  return state.createdTasks.find((task) => task.itemId === itemId && task.workspaceId === workspaceId);
}

export function rememberCreatedTask(state: FirefliesState, created: CreatedActionItemTask): FirefliesState {
  const others = state.createdTasks.filter((task) => !(task.itemId === created.itemId && task.workspaceId === created.workspaceId));
  return { ...state, createdTasks: [...others, created] };
}
