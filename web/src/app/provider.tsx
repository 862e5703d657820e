import { QueryClientProvider } from '@tanstack/react-query';
import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { AuthProvider, useAuth } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme-provider';
import { UnexpectedError } from './routes/error';

/** Last line of defence outside the routes (RouteErrorBoundary handles a page's errors). */
class RootErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <UnexpectedError error={this.state.error} />;
  }
}

/**
 * The server-state cache, made anew for each user (the key), so nothing of one account is ever shown to the
 * next after a sign-out. Auth forms write through it too.
 */
function UserQueryClient({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <QueryClientScope key={user?.id ?? 'signed-out'}>
      {children}
    </QueryClientScope>
  );
}

function QueryClientScope({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <RootErrorBoundary>
      <ThemeProvider>
        {/* Once for the whole app: one live region, whichever page reports. */}
        <ToastProvider>
          <AuthProvider>
            <UserQueryClient>{children}</UserQueryClient>
          </AuthProvider>
        </ToastProvider>
      </ThemeProvider>
    </RootErrorBoundary>
  );
}
