/** Static sample data of the Fireflies mock-up (spec pages §2 Fireflies page). */

/** The mock webhook's address; example.com is reserved for examples, so nothing real is named. */
export const WEBHOOK_BASE_URL = 'https://hooks.example.com/fireflies/';

export const webhookSetupSteps = [
  'Sign in to Fireflies and open Settings → Developer settings.',
  'Paste the webhook URL above into the Webhook field and save.',
  'Choose “Transcription completed” as the event to send.',
  'Hold a meeting with the Fireflies notetaker: its notes and action items appear here.',
] as const;

export const contentRules = [
  { id: 'k1', keywords: ['action item', 'to do', 'follow up'], action: 'Extract an action item' },
  { id: 'k2', keywords: ['decided', 'agreed', 'decision'], action: 'Add to the meeting’s key points' },
  { id: 'k3', keywords: ['deadline', 'due by', 'by Friday'], action: 'Set a due date on the action item' },
] as const;

export interface SampleActionItem {
  readonly id: string;
  readonly title: string;
  readonly assignee: string;
}

export interface SampleMeeting {
  readonly id: string;
  readonly title: string;
  readonly minutesAgo: number;
  readonly durationMinutes: number;
  readonly participants: number;
  readonly status: 'processed' | 'processing';
  readonly actionItems: readonly SampleActionItem[];
}

export const sampleMeetings: readonly SampleMeeting[] = [
  {
    id: 'm1',
    title: 'Sprint planning',
    minutesAgo: 2 * 60,
    durationMinutes: 45,
    participants: 6,
    status: 'processed',
    actionItems: [
      { id: 'm1-a1', title: 'Write the release notes for version 2.4', assignee: 'Maria' },
      { id: 'm1-a2', title: 'Review the export performance fix', assignee: 'Sam' },
    ],
  },
  {
    id: 'm2',
    title: 'Client check-in',
    minutesAgo: 26 * 60,
    durationMinutes: 30,
    participants: 3,
    status: 'processed',
    actionItems: [{ id: 'm2-a1', title: 'Send the updated timeline to the client', assignee: 'Lee' }],
  },
  { id: 'm3', title: 'Design review', minutesAgo: 10, durationMinutes: 60, participants: 5, status: 'processing', actionItems: [] },
];

/** The static monthly stats. */
export const firefliesMonthStats = [
  { label: 'Meetings processed', value: 24 },
  { label: 'Hours transcribed', value: 19 },
  { label: 'Action items found', value: 41 },
  { label: 'Tasks created', value: 17 },
] as const;
