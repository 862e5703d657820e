import type { Priority } from '@shared/schemas/project';
import type { GmailRule } from '../utils/gmail-rules';

/** Static sample data of the Gmail mock-up (spec pages §2 Gmail page). */

export const gmailFeatures = [
  'Turn emails that match your rules into tasks in a project',
  'Send a weekly report of finished and upcoming tasks',
  'Keep the people you email as contacts',
  'A daily digest of what is due',
] as const;

/** Spec pages §2, §6: shown for information only. */
export const gmailPermissions = [
  { name: 'Read emails', detail: 'to find messages that match your rules' },
  { name: 'Send emails', detail: 'to send reports and digests from your address' },
  { name: 'Manage labels', detail: 'to label the messages that became tasks' },
] as const;

export const defaultGmailRules: readonly GmailRule[] = [
  {
    id: 'sample-client-requests',
    name: 'Client requests',
    condition: 'from:@client.example.com',
    action: 'create_task',
    project: 'Client Work',
    priority: 'high',
    enabled: true,
  },
  {
    id: 'sample-invoices',
    name: 'Invoices',
    condition: 'subject contains "invoice"',
    action: 'create_task',
    project: 'Finance',
    priority: 'medium',
    enabled: false,
  },
];

export interface SampleEmail {
  readonly id: string;
  readonly subject: string;
  readonly from: string;
  /** How long before now it arrived: the sample stays recent. */
  readonly minutesAgo: number;
  readonly priority: Priority;
  readonly taskCreated: boolean;
}

export const sampleEmails: readonly SampleEmail[] = [
  { id: 'e1', subject: 'Homepage copy changes for the launch', from: 'maria@client.example.com', minutesAgo: 35, priority: 'high', taskCreated: true },
  { id: 'e2', subject: 'Invoice #1042 for March', from: 'billing@vendor.example.com', minutesAgo: 5 * 60, priority: 'medium', taskCreated: false },
  { id: 'e3', subject: 'Can we move Thursday’s review?', from: 'sam@example.org', minutesAgo: 26 * 60, priority: 'low', taskCreated: false },
  { id: 'e4', subject: 'Bug report: export fails on large files', from: 'support@client.example.com', minutesAgo: 2 * 24 * 60, priority: 'high', taskCreated: true },
];

/** The static 'This Week' summary (spec pages §2). */
export const gmailWeekSummary = [
  { label: 'Emails processed', value: 47 },
  { label: 'Tasks created', value: 12 },
  { label: 'Reports sent', value: 3 },
] as const;

export const GMAIL_URL = 'https://mail.google.com/';
