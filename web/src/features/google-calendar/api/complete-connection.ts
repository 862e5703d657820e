import { useEffect, useRef, useState } from 'react';
import { apiErrorMessage } from '@/lib/api-client';
import { GOOGLE_TEXTS, useConnectGoogleAccount } from './google-calendar';

export type ConnectionOutcome =
  | { readonly status: 'idle' }
  | { readonly status: 'processing' }
  | { readonly status: 'success'; readonly email: string }
  | { readonly status: 'error'; readonly message: string };

/** What Google's redirect put in the address: a code and the state, or an error (spec pages §5 callback). */
export function readCallbackParams(search: string): { code: string | null; state: string | null; error: string | null } {
  const params = new URLSearchParams(search);
  return { code: params.get('code'), state: params.get('state'), error: params.get('error') };
}

/**
 * Completes a connection from the address Google redirected to, once: the state is one-use on the server,
 * so the exchange must not run twice (React runs effects twice in development).
 */
export function useCompleteConnection(workspaceId: string | undefined, search: string, fallback: string): ConnectionOutcome {
  const connect = useConnectGoogleAccount(workspaceId ?? '');
  const started = useRef(false);
  const { code, state, error } = readCallbackParams(search);
  const [outcome, setOutcome] = useState<ConnectionOutcome>(() =>
    error
      ? { status: 'error', message: GOOGLE_TEXTS.cancelled }
      : !code
        ? { status: 'idle' }
        : !state
          ? { status: 'error', message: GOOGLE_TEXTS.noCode }
          : { status: 'processing' },
  );
  const { mutateAsync } = connect;

  useEffect(() => {
    if (started.current || !workspaceId || error || !code || !state) return;
    started.current = true;
    mutateAsync({ code, state }).then(
      (account) => setOutcome({ status: 'success', email: account.email }),
      (failure: unknown) => setOutcome({ status: 'error', message: apiErrorMessage(failure, fallback) }),
    );
  }, [workspaceId, code, state, error, mutateAsync, fallback]);

  return outcome;
}
