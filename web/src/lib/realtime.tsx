import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ClientMessage, ServerMessage } from '@shared/realtime';
import { realtimeRoutes } from '@shared/routes/realtime';
import { callRoute } from './api-client';
import { getIdToken } from './auth-session';
import { openRealtimeConnection, type ConnectionStatus, type RealtimeConnection } from './realtime-connection';

type Listener = (message: ServerMessage) => void;

interface RealtimeContextValue {
  /** 'closed' also while signed out. */
  readonly status: ConnectionStatus;
  /** Increases on every (re)connect: effects that must re-send a subscription depend on it. */
  readonly connectionCount: number;
  readonly send: (message: ClientMessage) => boolean;
  readonly subscribe: (listener: Listener) => () => void;
}

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

/** A one-use ticket for the socket, while someone is signed in. */
async function socketTicket(): Promise<string | undefined> {
  if (!(await getIdToken())) return undefined;
  return (await callRoute(realtimeRoutes.CreateSocketTicket, {})).ticket;
}

/** Holds the realtime WebSocket while a user is signed in (userId set); closes it on sign-out. */
export function RealtimeProvider({ url, userId, children }: { url: string; userId: string | undefined; children: ReactNode }) {
  const [status, setStatus] = useState<ConnectionStatus>('closed');
  const [connectionCount, setConnectionCount] = useState(0);
  const connection = useRef<RealtimeConnection | null>(null);
  const listeners = useRef(new Set<Listener>());

  useEffect(() => {
    if (!userId) return undefined;
    const opened = openRealtimeConnection({
      url,
      getTicket: socketTicket,
      onMessage: (message) => listeners.current.forEach((listener) => listener(message)),
      onStatus: (next) => {
        setStatus(next);
        if (next === 'open') setConnectionCount((count) => count + 1);
      },
    });
    connection.current = opened;
    return () => {
      opened.close();
      connection.current = null;
      setStatus('closed');
    };
  }, [url, userId]);

  // Back online, or back to the tab (a laptop waking): reconnect now instead of at the end of the backoff.
  useEffect(() => {
    const reconnectNow = () => connection.current?.reconnectNow();
    const onVisible = () => document.visibilityState === 'visible' && reconnectNow();
    window.addEventListener('online', reconnectNow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', reconnectNow);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  const send = useCallback((message: ClientMessage) => connection.current?.send(message) ?? false, []);
  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  const value = useMemo(() => ({ status, connectionCount, send, subscribe }), [status, connectionCount, send, subscribe]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeContextValue {
  const context = useContext(RealtimeContext);
  if (!context) throw new Error('useRealtime must be used within a RealtimeProvider');
  return context;
}
