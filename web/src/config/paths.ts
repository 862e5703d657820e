import { UNSUBSCRIBE_PAGE_PATH } from '@shared/schemas/unsubscribe';
import { REDIRECT_PARAM } from '@/lib/redirect';

/**
 * Every URL of the app, from one place (spec pages §2). `path` is the router pattern; `getHref` builds a
 * link. Nothing else in web/ writes a route as a string.
 */
const fixed = (path: string) => ({ path, getHref: () => path });

export const paths = {
  home: fixed('/'),
  /** Where a mail's unsubscribe link leads (functions/mail/unsubscribe-links.ts), signed in or not. */
  unsubscribe: fixed(UNSUBSCRIBE_PAGE_PATH),

  auth: {
    login: {
      path: '/auth/login',
      getHref: (redirectTo?: string | null) =>
        `/auth/login${redirectTo ? `?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo }).toString()}` : ''}`,
    },
    register: fixed('/auth/register'),
    resetPassword: fixed('/auth/reset-password'),
  },

  app: {
    dashboard: fixed('/dashboard'),
    projects: fixed('/projects'),
    newProject: fixed('/projects/new'),
    project: {
      path: '/projects/:projectId',
      getHref: (projectId: string) => `/projects/${encodeURIComponent(projectId)}`,
    },
    projectTask: {
      path: '/projects/:projectId/tasks/:taskId',
      getHref: (projectId: string, taskId: string) => `/projects/${encodeURIComponent(projectId)}/tasks/${encodeURIComponent(taskId)}`,
    },
    tasks: fixed('/tasks'),
    calendar: fixed('/calendar'),
    notes: fixed('/notes'),
    links: fixed('/links'),
    focus: fixed('/focus'),
    ai: fixed('/ai'),
    settings: fixed('/settings'),
    apiReference: fixed('/settings/api'),
    timezones: fixed('/timezones'),
    integrations: fixed('/integrations'),
    integrationSlack: fixed('/integrations/slack'),
    integrationGmail: fixed('/integrations/gmail'),
    integrationGoogleCalendar: fixed('/integrations/google-calendar'),
    integrationGoogleCalendarCallback: fixed('/integrations/google-calendar/callback'),
    integrationGithub: fixed('/integrations/github'),
    integrationFireflies: fixed('/integrations/fireflies'),
    newWorkspace: fixed('/workspaces/new'),
    workspaceSettings: fixed('/workspaces/settings'),
    trash: fixed('/workspaces/trash'),
    import: fixed('/workspaces/import'),
  },

  mobile: {
    home: fixed('/mobile'),
    projects: fixed('/mobile/projects'),
    project: {
      path: '/mobile/projects/:projectId',
      getHref: (projectId: string) => `/mobile/projects/${encodeURIComponent(projectId)}`,
    },
    tasks: fixed('/mobile/tasks'),
    settings: fixed('/mobile/settings'),
    workspaceSettings: fixed('/mobile/workspace-settings'),
    trash: fixed('/mobile/trash'),
    import: fixed('/mobile/import'),
    notes: fixed('/mobile/notes'),
    links: fixed('/mobile/links'),
  },

  /** Landing page sections. */
  landing: {
    features: '#features',
    integrations: '#integrations',
    ai: '#ai',
    pricing: '#pricing',
  },
} as const;
