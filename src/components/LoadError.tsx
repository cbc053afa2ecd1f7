import type { CallError } from '../lib/loadState';
import { Button } from './Button';

/** A failed load: the human message and a way to try again. */
export function LoadError({ error, onRetry }: { error: CallError | string; onRetry: () => void }) {
  return (
    <div className="error-panel" role="alert">
      <p>{typeof error === 'string' ? error : error.message}</p>
      <Button onClick={onRetry}>
        <span className="p-button-label">Try again</span>
      </Button>
    </div>
  );
}
