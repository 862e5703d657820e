import type { ReactNode } from 'react';

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
