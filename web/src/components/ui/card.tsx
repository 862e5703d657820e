import { useId, type ReactNode } from 'react';

/** A card: a region named by its heading, with optional actions beside the heading. */
export function Card({ title, actions, className, children }: { title: ReactNode; actions?: ReactNode; className?: string; children: ReactNode }) {
  const titleId = useId();
  const heading = (
    <h2 id={titleId} className="card-title">
      {title}
    </h2>
  );
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={titleId}>
      {actions ? (
        <div className="card-header">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
