import { loadFailure } from '@/lib/load-failure';
import { Button } from './button';
import './load-error.css';

/**
 * A read that failed: "Couldn't load …" with a plain reason and Retry. Pages show it instead of their
 * content; a failed read is never shown as "not found" or as having none (only a 404 means that).
 * `message`: the spec's fallback text for the read (e.g. 'Failed to fetch projects'), said before the reason.
 */
export function LoadError({ what, error, onRetry, message }: { what: string; error: unknown; onRetry: () => void; message?: string }) {
  return (
    <div role="alert" className="alert alert-error load-error">
      <div>
        <p className="load-error-title">Couldn&apos;t load {what}.</p>
        <p>{[message ? `${message}.` : '', loadFailure(error).detail].filter(Boolean).join(' ')}</p>
      </div>
      <Button size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
