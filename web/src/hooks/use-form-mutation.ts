import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { writeError } from '@/lib/write-error';

/**
 * A form that saves through a TanStack mutation: its pending state, the message and the server's
 * per-field messages of a refused save, and a submit handler that saves and then (only on success) runs
 * `onDone`. A 409 (someone else saved first) calls `onConflict`, so the form can refill from the reloaded item.
 */
export function useFormMutation<TVariables, TResult = unknown>(
  mutation: UseMutationResult<TResult, Error, TVariables, unknown>,
  fallback: string,
  onConflict?: () => void,
) {
  const error = mutation.error ? writeError(mutation.error, fallback) : null;

  /** A form's onSubmit: saves the variables the form holds at that moment. */
  const submitWith = (variables: () => TVariables, onDone: (result: TResult) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate(variables(), {
      onSuccess: onDone,
      onError: (caught) => {
        // After the refused write's optimistic copy has left the form's item: the mutation takes it back from
        // the cache before this runs, but TanStack tells components a task later (its notifications are
        // scheduled with setTimeout 0). Marked at once, the form would take its own refused write for the
        // latest version and save over the other person's next time.
        if (caught instanceof ApiError && caught.status === 409 && onConflict) setTimeout(onConflict, 0);
      },
    });
  };

  return {
    pending: mutation.isPending,
    error,
    /** The server's message for a field, if the last save named it. */
    fieldError: (field: string): string | undefined => error?.fields[field],
    submitWith,
  };
}
