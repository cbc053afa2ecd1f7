import type { CallError } from '../lib/loadState';

/** A failed load: the human message and a way to try again. */
export function LoadError({ error, onRetry }: { error: CallError | string; onRetry: () => void }) {
  return (
    <div className="error-panel" role="alert">
      <p>{typeof error === 'string' ? error : error.message}</p>
      <button type="button" className="p-button p-component" onClick={onRetry}>
        <span className="p-button-label">Try again</span>
      </button>
    </div>
  );
}
