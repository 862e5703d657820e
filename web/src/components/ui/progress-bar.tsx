import './progress-bar.css';

/** A determinate progress bar (role="progressbar", 0–100) named by `label`; the percent is shown beside it. */
export function ProgressBar({ label, value, className }: { label: string; value: number; className?: string }) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div className={['progress', className].filter(Boolean).join(' ')}>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="progress-track">
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="progress-value" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
