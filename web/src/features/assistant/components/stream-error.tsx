import { Button } from '@/components/ui/button';
import { MAX_AUTO_RETRIES, type ChatError } from '../utils/chat-session';

/**
 * What went wrong with the last message (spec pages §2): a stream or connection failure in the Stream Error
 * box, with the automatic attempt and Retry Message once idle; any other error as 'Error: {message}'.
 */
export function StreamError({ error, retryAttempt, canRetry, onRetry }: { error: ChatError; retryAttempt: number; canRetry: boolean; onRetry: () => void }) {
  if (!error.stream) {
    return (
      <div role="alert" className="chat-error">
        <span>Error: {error.message}</span>
        {canRetry ? (
          <Button size="sm" onClick={onRetry}>
            Retry Message
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div role="alert" className="chat-error chat-stream-error">
      <div>
        <p className="chat-error-title">Stream Error</p>
        <p>
          {error.message}
          {retryAttempt > 0 ? ` (Retry attempt: ${retryAttempt}/${MAX_AUTO_RETRIES})` : ''}
        </p>
      </div>
      {canRetry ? (
        <Button size="sm" onClick={onRetry}>
          Retry Message
        </Button>
      ) : null}
    </div>
  );
}
