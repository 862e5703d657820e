/**
 * The signed-in pages that show what they are about at their address alone (no id, no tab to choose): the
 * page sweeps (accessibility, widths) visit each, besides the pages with ids and tabs they open themselves.
 */
export const SIGNED_IN_PAGES = [
  '/dashboard',
  '/projects',
  '/projects/new',
  '/tasks',
  '/calendar',
  '/notes',
  '/links',
  '/timezones',
  '/focus',
  '/ai',
  '/settings',
  '/settings/api',
  '/workspaces/new',
  '/workspaces/settings',
  '/integrations',
  '/integrations/slack',
  '/integrations/gmail',
  '/integrations/google-calendar',
  '/integrations/github',
  '/integrations/fireflies',
  '/mobile',
  '/mobile/projects',
  '/mobile/notes',
  '/mobile/links',
] as const;
