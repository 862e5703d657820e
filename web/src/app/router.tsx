import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { FullPageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { AppShell } from './layout/app-shell';
import { ComingSoonRoute } from './routes/app/coming-soon';
import { DashboardRoute } from './routes/app/dashboard';
import { NewProjectRoute } from './routes/app/new-project';
import { NewWorkspaceRoute } from './routes/app/new-workspace';
import { ProjectDetailRoute, ProjectTaskRoute } from './routes/app/project-detail';
import { ProjectsRoute } from './routes/app/projects';
import { WorkspaceSettingsRoute } from './routes/app/workspace-settings';
import { LoginRoute } from './routes/auth/login';
import { RegisterRoute } from './routes/auth/register';
import { ResetPasswordRoute } from './routes/auth/reset-password';
import { RouteErrorBoundary } from './routes/error';
import { NotFoundRoute } from './routes/not-found';

// The landing page is the one screen a signed-in user never needs: its own chunk.
const LandingRoute = lazy(() => import('./routes/landing'));

/** Routes of the route table (spec pages §2) that later features build; each shows its heading for now. */
const shellPlaceholders: readonly { path: string; title: string }[] = [
  { path: paths.app.tasks.path, title: 'Tasks' },
  { path: paths.app.calendar.path, title: 'Calendar' },
  { path: paths.app.notes.path, title: 'Notes' },
  { path: paths.app.links.path, title: 'Links' },
  { path: paths.app.focus.path, title: 'Focus Mode' },
  { path: paths.app.ai.path, title: 'AI Assistant' },
  { path: paths.app.settings.path, title: 'Settings' },
  { path: paths.app.timezones.path, title: 'Time Zones' },
  { path: paths.app.integrations.path, title: 'Integrations' },
  { path: paths.app.integrationSlack.path, title: 'Slack' },
  { path: paths.app.integrationGmail.path, title: 'Gmail' },
  { path: paths.app.integrationGoogleCalendar.path, title: 'Google Calendar' },
  { path: paths.app.integrationGithub.path, title: 'GitHub' },
  { path: paths.app.integrationFireflies.path, title: 'Fireflies' },
];

/** Signed-in routes without the app shell (their own layouts come later). */
const barePlaceholders: readonly { path: string; title: string }[] = [
  { path: paths.app.integrationGoogleCalendarCallback.path, title: 'Connecting Google Calendar' },
  { path: paths.mobile.home.path, title: 'Home' },
  { path: paths.mobile.projects.path, title: 'Projects' },
  { path: paths.mobile.project.path, title: 'Project' },
  { path: paths.mobile.notes.path, title: 'Notes' },
  { path: paths.mobile.links.path, title: 'Links' },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          {
            path: paths.home.path,
            element: (
              <Suspense fallback={<FullPageLoader />}>
                <LandingRoute />
              </Suspense>
            ),
          },
          { path: paths.auth.login.path, element: <LoginRoute /> },
          { path: paths.auth.register.path, element: <RegisterRoute /> },
          { path: paths.auth.resetPassword.path, element: <ResetPasswordRoute /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              { path: paths.app.dashboard.path, element: <DashboardRoute /> },
              { path: paths.app.newWorkspace.path, element: <NewWorkspaceRoute /> },
              { path: paths.app.projects.path, element: <ProjectsRoute /> },
              { path: paths.app.newProject.path, element: <NewProjectRoute /> },
              { path: paths.app.workspaceSettings.path, element: <WorkspaceSettingsRoute /> },
              {
                path: paths.app.project.path,
                element: <ProjectDetailRoute />,
                // The task dialog opens above the project page, which stays mounted (its tab and scroll stay).
                children: [{ path: paths.app.projectTask.path, element: <ProjectTaskRoute /> }],
              },
              ...shellPlaceholders.map(({ path, title }) => ({ path, element: <ComingSoonRoute key={path} title={title} /> })),
            ],
          },
          ...barePlaceholders.map(({ path, title }) => ({
            path,
            element: (
              <main className="bare-page">
                <ComingSoonRoute key={path} title={title} />
              </main>
            ),
          })),
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
