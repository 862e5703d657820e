import type { ReactNode } from 'react';
import { Button } from './button';

/** An error the user must notice: role="alert" is announced at once. */
export function Alert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="alert" className={['alert alert-error', className].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}

/** A success or information message, announced politely. */
export function Notice({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="status" className={['alert alert-success', className].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}

/** An error with the one thing to do about it beside it (Retry, Dismiss). */
export function ActionAlert({ message, actionLabel, onAction }: { message: string; actionLabel: string; onAction: () => void }) {
  return (
    <Alert className="alert-with-action">
      <span>{message}</span>
      <Button size="sm" onClick={onAction}>
        {actionLabel}
      </Button>
    </Alert>
  );
}
