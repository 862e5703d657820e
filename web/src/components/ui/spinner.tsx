export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' }) {
  return <span className={`spinner spinner-${size}`} aria-hidden="true" />;
}

/** The whole-page wait (session check, config load): announced politely, no flash of other content. */
export function FullPageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="full-page-center" role="status" aria-live="polite">
      <Spinner />
      <span className="muted">{label}</span>
    </div>
  );
}
