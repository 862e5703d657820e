/** Static sample data of the GitHub mock-up (spec pages §2 GitHub page). */

export interface SampleRepository {
  /** owner/name */
  readonly fullName: string;
  readonly description: string;
  readonly private: boolean;
  readonly language: string;
  readonly stars: number;
  readonly openIssues: number;
  readonly openPullRequests: number;
}

export const sampleRepositories: readonly SampleRepository[] = [
  { fullName: 'acme/taskflow-web', description: 'The web app', private: false, language: 'TypeScript', stars: 128, openIssues: 14, openPullRequests: 5 },
  { fullName: 'acme/taskflow-api', description: 'Serverless API and data layer', private: true, language: 'TypeScript', stars: 42, openIssues: 9, openPullRequests: 3 },
  { fullName: 'acme/design-system', description: 'Shared UI components', private: false, language: 'CSS', stars: 76, openIssues: 4, openPullRequests: 1 },
  { fullName: 'acme/data-pipeline', description: 'Nightly exports and reports', private: true, language: 'Python', stars: 12, openIssues: 6, openPullRequests: 2 },
];

/** Selected when the user first connects. */
export const defaultSelectedRepositories: readonly string[] = ['acme/taskflow-web', 'acme/taskflow-api'];

export const githubPermissions = [
  { name: 'Repository data', detail: 'issues, pull requests and commits of the repositories you choose' },
  { name: 'Webhooks', detail: 'to hear about changes as they happen' },
] as const;

export const githubAutomationRules = [
  { id: 'r1', when: 'An issue is labelled “bug”', then: 'Create a high-priority task' },
  { id: 'r2', when: 'A pull request is merged', then: 'Complete the linked task' },
  { id: 'r3', when: 'An issue is assigned to you', then: 'Add it to your tasks for today' },
] as const;

export type GithubActivityType = 'issue' | 'pr' | 'commit';

export const githubActivityLabels: Record<GithubActivityType, string> = { issue: 'Issue', pr: 'Pull request', commit: 'Commit' };

export interface SampleActivity {
  readonly id: string;
  readonly type: GithubActivityType;
  readonly title: string;
  readonly repository: string;
  readonly author: string;
  readonly minutesAgo: number;
}

export const sampleGithubActivity: readonly SampleActivity[] = [
  { id: 'a1', type: 'issue', title: '#231 Export fails on large files', repository: 'acme/taskflow-web', author: 'maria', minutesAgo: 50 },
  { id: 'a2', type: 'pr', title: '#118 Add retry to the sync worker', repository: 'acme/taskflow-api', author: 'sam', minutesAgo: 3 * 60 },
  { id: 'a3', type: 'commit', title: 'Fix focus ring on dark buttons', repository: 'acme/design-system', author: 'lee', minutesAgo: 20 * 60 },
  { id: 'a4', type: 'issue', title: '#229 Calendar shows tasks a day late', repository: 'acme/taskflow-web', author: 'noah', minutesAgo: 2 * 24 * 60 },
];

/** The static monthly stats (spec pages §2). */
export const githubMonthStats = [
  { label: 'Issues synced', value: 23 },
  { label: 'Pull requests', value: 15 },
  { label: 'Tasks created', value: 18 },
  { label: 'Commits', value: 127 },
] as const;
