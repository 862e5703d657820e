import { useCallback, useState } from 'react';
import { authErrorMessage } from '../api/auth-errors';

/**
 * The submit state every auth form shares: `run` clears the last error, marks the form pending while the
 * action runs, and shows the auth library's message (else the screen's fallback) when it fails.
 */
export function useAuthAction(fallback: string) {
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      setError(undefined);
      setPending(true);
      try {
        await action();
      } catch (caught) {
        setError(authErrorMessage(caught, fallback));
      } finally {
        setPending(false);
      }
    },
    [fallback],
  );
  return { error, setError, pending, run };
}
