import { useCallback, useState, type FormEvent } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { writeError, type WriteError } from '../../utils/write-errors';

/**
 * The submit state of a dialog that writes: `run` marks it pending, and when the write fails keeps the
 * dialog open with the message and the server's field errors. Resolves true when the write succeeded.
 * `onConflict` hears of a 409 (a stale version).
 */
export function useWrite(fallback: string, onConflict?: () => void) {
  const [error, setError] = useState<WriteError | null>(null);
  const [pending, setPending] = useState(false);

  const run = useCallback(
    async (write: () => Promise<unknown>): Promise<boolean> => {
      setError(null);
      setPending(true);
      try {
        await write();
        return true;
      } catch (caught) {
        setError(writeError(caught, fallback));
        if (caught instanceof ApiError && caught.status === 409) onConflict?.();
        return false;
      } finally {
        setPending(false);
      }
    },
    [fallback, onConflict],
  );

  /** The server's message for a field, if the last write named it. */
  const fieldError = (field: string): string | undefined => error?.fields[field];

  /** A form's onSubmit: runs `write` (built from the form as it is then) and, when it succeeded, `onDone`. */
  const submitWith = (write: () => Promise<unknown>, onDone: () => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(write).then((succeeded) => {
      if (succeeded) onDone();
    });
  };
  return { pending, error, fieldError, run, submitWith };
}
