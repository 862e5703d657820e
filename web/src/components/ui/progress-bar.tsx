import './progress-bar.css';

/**
 * A determinate progress bar (role="progressbar") named by `label`: `value` of `max` (100 by default, a
 * percent), with `text` beside it (the percent by default) that is also what a screen reader says.
 */
export function ProgressBar({ label, value, max = 100, text, className }: { label: string; value: number; max?: number; text?: string; className?: string }) {
  const now = Math.min(max, Math.max(0, Math.round(value)));
  const percent = max > 0 ? Math.round((now / max) * 100) : 0;
  return (
    <div className={['progress', className].filter(Boolean).join(' ')}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={now}
        aria-valuetext={text}
        className="progress-track"
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="progress-value" aria-hidden="true">
        {text ?? `${percent}%`}
      </span>
    </div>
  );
}
