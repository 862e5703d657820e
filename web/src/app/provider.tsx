import { Component, type ErrorInfo, type ReactNode } from 'react';
import { WorkspaceProvider } from '../features/workspaces/components/workspace-provider';
import { WorkspaceRealtimeSync } from '../features/workspaces/components/workspace-realtime-sync';
import { AuthProvider, useAuth } from '../lib/auth';
import { getConfig } from '../lib/config';
import { RealtimeProvider } from '../lib/realtime';
import { ThemeProvider } from '../lib/theme-provider';
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

function SignedInServices({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <WorkspaceProvider>
      <RealtimeProvider url={getConfig().webSocketUrl} userId={user?.id}>
        <WorkspaceRealtimeSync />
        {children}
      </RealtimeProvider>
    </WorkspaceProvider>
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
