import { QueryClientProvider } from '@tanstack/react-query';
import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { AuthProvider, useAuth } from '@/lib/auth';
import { getConfig } from '@/lib/config';
import { createQueryClient } from '@/lib/query-client';
import { RealtimeProvider } from '@/lib/realtime';
import { ThemeProvider } from '@/lib/theme-provider';
import { CurrentWorkspaceProvider } from './current-workspace-provider';
import { RealtimeSync } from './realtime-sync';
import { UnexpectedError } from './routes/error';

/** Last line of defence outside the router (the router's errorElement handles route errors). */
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
 * What a signed-in user's screens share: the server-state cache, the current workspace and the realtime
 * connection. Everything below is made anew for each user (the key), so nothing of one account is ever
 * shown to the next after a sign-out.
 */
function SignedInServices({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <UserServices key={user?.id ?? 'signed-out'} userId={user?.id}>
      {children}
    </UserServices>
  );
}

function UserServices({ userId, children }: { userId: string | undefined; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <CurrentWorkspaceProvider>
        <RealtimeProvider url={getConfig().webSocketUrl} userId={userId}>
          <RealtimeSync />
          {children}
        </RealtimeProvider>
      </CurrentWorkspaceProvider>
    </QueryClientProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <RootErrorBoundary>
      <ThemeProvider>
        <AuthProvider>
          <SignedInServices>{children}</SignedInServices>
        </AuthProvider>
      </ThemeProvider>
    </RootErrorBoundary>
  );
}
