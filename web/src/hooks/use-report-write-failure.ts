import { useCallback } from 'react';
import { useToast } from '@/components/ui/toast';
import { writeError } from '@/lib/write-error';

/**
 * How a screen reports a write that failed outside a form (a delete, a toggle, a move): a toast in the live
 * region with the server's message or the fallback, and Retry when the write can simply be sent again. The
 * page stays as it is; nothing is pushed down.
 */
export function useReportWriteFailure() {
  const toast = useToast();
  return useCallback(
    (error: unknown, fallback: string, retry?: () => void) =>
      toast.error(writeError(error, fallback).message, retry ? { label: 'Retry', onAction: retry } : undefined),
    [toast],
  );
}
