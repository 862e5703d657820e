import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { ToastProvider } from '@/components/ui/toast';
import { AuthProvider } from '@/lib/auth';
import { CurrentWorkspaceContext, type CurrentWorkspace } from '@/lib/current-workspace';
import { shouldRetry } from '@/lib/query-client';
import { storageKeys } from '@/lib/storage';
import { ThemeProvider } from '@/lib/theme-provider';
import { TEST_CONFIG } from './server';

export const TEST_USER = { id: 'user-1', email: 'ana@example.com' } as const;

/** A workspace as GET /workspaces answers it. */
export function workspaceView(overrides: Partial<WorkspaceView> = {}): WorkspaceView {
  return {
    id: 'ws-1',
    name: 'Orbit Crew',
    slug: 'orbit-crew',
    createdAt: '2026-11-01T09:00:00.000Z',
    role: 'owner',
    autoWeeklyPlan: false,
    blockersMustBeDone: false,
    requireTwoFactor: false,
    apiTokensEnabled: true,
    allowNonExpiringTokens: false,
    twoFactorNeeded: false,
    version: 1,
    ...overrides,
  };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Signs the test user in as Amplify would leave the browser: an ID token in localStorage (unsigned; the mock
 * API trusts it, as only the server verifies tokens).
 */
export function signInTestUser(): void {
  const token = [base64url({ alg: 'none' }), base64url({ sub: TEST_USER.id, email: TEST_USER.email, exp: Math.floor(Date.now() / 1000) + 3600 }), 'x'].join('.');
  const prefix = `CognitoIdentityServiceProvider.${TEST_CONFIG.userPoolClientId}`;
  localStorage.setItem(`${prefix}.LastAuthUser`, TEST_USER.email);
  localStorage.setItem(`${prefix}.${TEST_USER.email}.idToken`, token);
}

/** The app's query cache as it is made (retries included), only without the waits between retries. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, retry: shouldRetry, retryDelay: 0, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The current-workspace context with the list loaded: `workspace` current (and the only one), or none. */
function LoadedWorkspace({ workspace, children }: { workspace: WorkspaceView | null; children: ReactNode }) {
  const value: CurrentWorkspace = {
    workspaces: workspace ? [workspace] : [],
    currentWorkspace: workspace,
    setCurrentWorkspace: () => undefined,
    loading: false,
    error: null,
    failure: undefined,
    retry: () => undefined,
    expectedWorkspaceId: null,
  };
  return <CurrentWorkspaceContext.Provider value={value}>{children}</CurrentWorkspaceContext.Provider>;
}

/** Where the app is: rendered by renderWithApp so a test can check where a link or a redirect went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderOptions {
  /** The address the app is at (and the route pattern the element is mounted on). */
  readonly path?: string;
  readonly route?: string;
  /** Signed in as TEST_USER (the default) or signed out. */
  readonly signedIn?: boolean;
  /** The saved current workspace. */
  readonly currentWorkspaceId?: string;
  /**
   * The current workspace, as the app's provider would give it once the list has loaded (null: the user has
   * none). Without it, nothing provides one: wrap the element in the app's own CurrentWorkspaceProvider.
   */
  readonly workspace?: WorkspaceView | null;
  /** Extra providers around the element, inside the app's. */
  readonly wrap?: (children: ReactNode) => ReactNode;
}

export interface Rendered extends RenderResult {
  readonly user: UserEvent;
  readonly queryClient: QueryClient;
  /** The path (and query) the app is at now. */
  location(): string;
}

/** Renders `element` inside the app's providers (theme, toasts, auth, the server cache, a router). */
export function renderWithApp(element: ReactNode, options: RenderOptions = {}): Rendered {
  if (options.signedIn !== false) signInTestUser();
  if (options.currentWorkspaceId) localStorage.setItem(storageKeys.currentWorkspaceId, options.currentWorkspaceId);
  const queryClient = testQueryClient();
  const path = options.path ?? '/';
  const withWorkspace = options.workspace === undefined ? element : <LoadedWorkspace workspace={options.workspace}>{element}</LoadedWorkspace>;
  const wrapped = options.wrap ? options.wrap(withWorkspace) : withWorkspace;
  const result = render(
    <ThemeProvider>
      <ToastProvider>
        <AuthProvider>
          <QueryClientProvider client={queryClient}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path={options.route ?? path.split('?')[0]} element={wrapped} />
                <Route path="*" element={null} />
              </Routes>
              <LocationProbe />
            </MemoryRouter>
          </QueryClientProvider>
        </AuthProvider>
      </ToastProvider>
    </ThemeProvider>,
  );
  return {
    ...result,
    user: userEvent.setup(),
    queryClient,
    location: () => result.getByTestId('location').textContent ?? '',
  };
}
