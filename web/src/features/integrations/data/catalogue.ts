import { paths } from '@/config/paths';

/** The integrations of the catalogue (spec pages §2 Integrations), in the order shown. */
export const integrationIds = ['google-calendar', 'gmail', 'slack', 'github', 'fireflies'] as const;
export type IntegrationId = (typeof integrationIds)[number];

export interface IntegrationInfo {
  readonly id: IntegrationId;
  readonly name: string;
  /** One line for the catalogue card and the page header. */
  readonly description: string;
  readonly href: string;
  /** Shown in a coloured square instead of a brand logo (keeps the bundle small). */
  readonly initial: string;
  /** The square's colour; white text on it reads at 4.5:1 or more. */
  readonly color: string;
  /** Only Google Calendar talks to a real provider; the others are local mock-ups (spec pages §1). */
  readonly preview: boolean;
}

export const integrations: Readonly<Record<IntegrationId, IntegrationInfo>> = {
  'google-calendar': {
    id: 'google-calendar',
    name: 'Google Calendar',
    description: 'Put task deadlines on your calendars and link calendars to projects.',
    href: paths.app.integrationGoogleCalendar.getHref(),
    initial: 'C',
    color: '#1a66d2',
    preview: false,
  },
  gmail: {
    id: 'gmail',
    name: 'Gmail',
    description: 'Turn emails into tasks with rules, and send weekly reports.',
    href: paths.app.integrationGmail.getHref(),
    initial: 'G',
    color: '#c5221f',
    preview: true,
  },
  slack: {
    id: 'slack',
    name: 'Slack',
    description: 'Post task updates to channels and create tasks from messages.',
    href: paths.app.integrationSlack.getHref(),
    initial: 'S',
    color: '#4a154b',
    preview: true,
  },
  github: {
    id: 'github',
    name: 'GitHub',
    description: 'Sync issues and pull requests of your repositories with tasks.',
    href: paths.app.integrationGithub.getHref(),
    initial: 'GH',
    color: '#24292f',
    preview: true,
  },
  fireflies: {
    id: 'fireflies',
    name: 'Fireflies',
    description: 'Turn meeting transcripts into notes and action items into tasks.',
    href: paths.app.integrationFireflies.getHref(),
    initial: 'F',
    color: '#6d28d9',
    preview: true,
  },
};
