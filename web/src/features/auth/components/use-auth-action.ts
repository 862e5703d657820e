import { useMutation } from '@tanstack/react-query';
import { authErrorMessage } from '../api/auth-errors';

/**
 * The submit state of an auth form, as a mutation like every other write of the app: `run` performs the
 * action (sign in, register, confirm, reset) while the form shows it pending, and a failure shows the auth
 * library's message, else the screen's fallback.
 */
export function useAuthAction(fallback: string) {
  const mutation = useMutation({ mutationFn: (action: () => Promise<void>) => action() });
  return {
    error: mutation.error ? authErrorMessage(mutation.error, fallback) : undefined,
    pending: mutation.isPending,
    run: (action: () => Promise<void>) => mutation.mutate(action),
    /** Clears the last failure (a check before any call failed, or the form moved on). */
    reset: mutation.reset,
  };
}
