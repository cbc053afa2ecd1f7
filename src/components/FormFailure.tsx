// Why an action did not happen, announced where it was asked: what the page found wrong first, else
// the call's failure in words. Nothing when there is neither.
import { failureText } from '../lib/query';

export function FormFailure({ problem, error }: { problem?: string; error?: unknown }) {
  const text = problem || (error ? failureText(error) : '');
  if (!text) return null;
  return (
    <p role="alert" className="form-failure">
      {text}
    </p>
  );
}
