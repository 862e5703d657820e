import { Button } from '@/components/ui/button';
import { MAX_AUTO_RETRIES, type ChatError } from '../utils/chat-session';

/**
 * What went wrong with the last message (spec pages §2): a stream or connection failure in the Stream Error
 * box, with the automatic attempt; any other error as 'Error: {message}'. Retry Message once idle.
 */
export function StreamError({ error, retryAttempt, canRetry, onRetry }: { error: ChatError; retryAttempt: number; canRetry: boolean; onRetry: () => void }) {
  const attempt = retryAttempt > 0 ? ` (Retry attempt: ${retryAttempt}/${MAX_AUTO_RETRIES})` : '';
  return (
    <div role="alert" className={`chat-error${error.stream ? ' chat-stream-error' : ''}`}>
      {error.stream ? (
        <div>
          <p className="chat-error-title">Stream Error</p>
          <p>
            {error.message}
            {attempt}
          </p>
        </div>
      ) : (
        <span>Error: {error.message}</span>
      )}
      {canRetry ? (
        <Button size="sm" onClick={onRetry}>
          Retry Message
        </Button>
      ) : null}
    </div>
  );
}
