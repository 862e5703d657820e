import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { FullPageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { lazyWhenOnline } from '@/lib/lazy-when-online';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { RouteErrorBoundary } from './routes/error';

/**
 * A page in a chunk of its own: the first load carries the router, the guards and the page shown. Code that
 * cannot arrive because the browser is offline is asked for again once it is back (the page's loader shows
 * meanwhile, under the shell's offline notice) instead of ending at the error screen.
 */
const lazyPage = lazyWhenOnline;

const AiRoute = lazyPage(() => import('./routes/app/ai'), 'AiRoute');
const AppShell = lazyPage(() => import('./layout/app-shell'), 'AppShell');
const DashboardRoute = lazyPage(() => import('./routes/app/dashboard'), 'DashboardRoute');
const NewProjectRoute = lazyPage(() => import('./routes/app/new-project'), 'NewProjectRoute');
const NewWorkspaceRoute = lazyPage(() => import('./routes/app/new-workspace'), 'NewWorkspaceRoute');
const ProjectDetailRoute = lazyPage(() => import('./routes/app/project-detail'), 'ProjectDetailRoute');
const ProjectTaskRoute = lazyPage(() => import('./routes/app/project-detail'), 'ProjectTaskRoute');
const ProjectsRoute = lazyPage(() => import('./routes/app/projects'), 'ProjectsRoute');
const WorkspaceSettingsRoute = lazyPage(() => import('./routes/app/workspace-settings'), 'WorkspaceSettingsRoute');
const TrashRoute = lazyPage(() => import('./routes/app/trash'), 'TrashRoute');
const ImportRoute = lazyPage(() => import('./routes/app/import'), 'ImportRoute');
const LinksRoute = lazyPage(() => import('./routes/app/links'), 'LinksRoute');
const TasksRoute = lazyPage(() => import('./routes/app/tasks'), 'TasksRoute');
const NotesRoute = lazyPage(() => import('./routes/app/notes'), 'NotesRoute');
const CalendarRoute = lazyPage(() => import('./routes/app/calendar'), 'CalendarRoute');
const TimezonesRoute = lazyPage(() => import('./routes/app/timezones'), 'TimezonesRoute');
const FocusRoute = lazyPage(() => import('./routes/app/focus'), 'FocusRoute');
const SettingsRoute = lazyPage(() => import('./routes/app/settings'), 'SettingsRoute');
const ApiReferenceRoute = lazyPage(() => import('./routes/app/api-reference'), 'ApiReferenceRoute');
const IntegrationsRoute = lazyPage(() => import('./routes/app/integrations'), 'IntegrationsRoute');
const SlackRoute = lazyPage(() => import('./routes/app/integrations'), 'SlackRoute');
const GmailRoute = lazyPage(() => import('./routes/app/integrations'), 'GmailRoute');
const GithubRoute = lazyPage(() => import('./routes/app/integrations'), 'GithubRoute');
const FirefliesRoute = lazyPage(() => import('./routes/app/integrations'), 'FirefliesRoute');
const GoogleCalendarRoute = lazyPage(() => import('./routes/app/google-calendar'), 'GoogleCalendarRoute');
const GoogleCalendarCallbackRoute = lazyPage(() => import('./routes/app/google-calendar-callback'), 'GoogleCalendarCallbackRoute');
const MobileShell = lazyPage(() => import('./layout/mobile-shell'), 'MobileShell');
const MobileHomeRoute = lazyPage(() => import('./routes/mobile/home'), 'MobileHomeRoute');
const MobileProjectsRoute = lazyPage(() => import('./routes/mobile/projects'), 'MobileProjectsRoute');
const MobileProjectRoute = lazyPage(() => import('./routes/mobile/project'), 'MobileProjectRoute');
const MobileTasksRoute = lazyPage(() => import('./routes/mobile/tasks'), 'MobileTasksRoute');
const MobileNotesRoute = lazyPage(() => import('./routes/mobile/notes'), 'MobileNotesRoute');
const MobileLinksRoute = lazyPage(() => import('./routes/mobile/links'), 'MobileLinksRoute');
const LoginRoute = lazyPage(() => import('./routes/auth'), 'LoginRoute');
const RegisterRoute = lazyPage(() => import('./routes/auth'), 'RegisterRoute');
const ResetPasswordRoute = lazyPage(() => import('./routes/auth'), 'ResetPasswordRoute');
const NotFoundRoute = lazyPage(() => import('./routes/not-found'), 'NotFoundRoute');
const UnsubscribeRoute = lazyPage(() => import('./routes/unsubscribe'), 'UnsubscribeRoute');
const LandingRoute = lazy(() => import('./routes/landing'));

/** A lazy page with the full-page loader while its chunk arrives. */
const page = (node: ReactNode) => <Suspense fallback={<FullPageLoader />}>{node}</Suspense>;

export const routes: RouteObject[] = [
  {
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          {
            path: paths.home.path,
            element: page(<LandingRoute />),
          },
          { path: paths.auth.login.path, element: page(<LoginRoute />) },
          { path: paths.auth.register.path, element: page(<RegisterRoute />) },
          { path: paths.auth.resetPassword.path, element: page(<ResetPasswordRoute />) },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: page(<AppShell />),
            children: [
              { path: paths.app.dashboard.path, element: <DashboardRoute /> },
              { path: paths.app.newWorkspace.path, element: <NewWorkspaceRoute /> },
              { path: paths.app.projects.path, element: <ProjectsRoute /> },
              { path: paths.app.newProject.path, element: <NewProjectRoute /> },
              { path: paths.app.workspaceSettings.path, element: <WorkspaceSettingsRoute /> },
              { path: paths.app.trash.path, element: <TrashRoute /> },
              { path: paths.app.import.path, element: <ImportRoute /> },
              { path: paths.app.ai.path, element: <AiRoute /> },
              { path: paths.app.links.path, element: <LinksRoute /> },
              { path: paths.app.tasks.path, element: <TasksRoute /> },
              { path: paths.app.notes.path, element: <NotesRoute /> },
              { path: paths.app.calendar.path, element: <CalendarRoute /> },
              { path: paths.app.timezones.path, element: <TimezonesRoute /> },
              { path: paths.app.focus.path, element: <FocusRoute /> },
              { path: paths.app.settings.path, element: <SettingsRoute /> },
              { path: paths.app.apiReference.path, element: <ApiReferenceRoute /> },
              {
                path: paths.app.project.path,
                element: <ProjectDetailRoute />,
                // The task dialog opens above the project page, which stays mounted (its tab and scroll stay).
                children: [{ path: paths.app.projectTask.path, element: <ProjectTaskRoute /> }],
              },
              { path: paths.app.integrations.path, element: <IntegrationsRoute /> },
              { path: paths.app.integrationSlack.path, element: <SlackRoute /> },
              { path: paths.app.integrationGmail.path, element: <GmailRoute /> },
              { path: paths.app.integrationGoogleCalendar.path, element: <GoogleCalendarRoute /> },
              { path: paths.app.integrationGithub.path, element: <GithubRoute /> },
              { path: paths.app.integrationFireflies.path, element: <FirefliesRoute /> },
            ],
          },
          {
            element: page(<MobileShell />),
            children: [
              { path: paths.mobile.home.path, element: page(<MobileHomeRoute />) },
              { path: paths.mobile.projects.path, element: page(<MobileProjectsRoute />) },
              { path: paths.mobile.project.path, element: page(<MobileProjectRoute />) },
              { path: paths.mobile.tasks.path, element: page(<MobileTasksRoute />) },
              // The same settings as the desktop's, inside the phone layout (every link stays in /mobile).
              { path: paths.mobile.settings.path, element: page(<SettingsRoute />) },
              { path: paths.mobile.workspaceSettings.path, element: page(<WorkspaceSettingsRoute />) },
              { path: paths.mobile.trash.path, element: page(<TrashRoute />) },
              { path: paths.mobile.import.path, element: page(<ImportRoute />) },
              { path: paths.mobile.notes.path, element: page(<MobileNotesRoute />) },
              { path: paths.mobile.links.path, element: page(<MobileLinksRoute />) },
            ],
          },
          {
            // Google sends the browser back here: a page of its own, without the app shell.
            path: paths.app.integrationGoogleCalendarCallback.path,
            element: page(
              <main className="bare-page">
                <GoogleCalendarCallbackRoute />
              </main>,
            ),
          },
        ],
      },
      // A mail's unsubscribe link works signed in or not.
      { path: paths.unsubscribe.path, element: page(<UnsubscribeRoute />) },
      { path: '*', element: page(<NotFoundRoute />) },
    ],
  },
];

/**
 * The app's routes (a declarative router: the app uses no loaders or actions, and the data router would
 * double the router's size). A page that fails to render shows the error screen until the path changes.
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}
