// An office page that edits one record of a list the office already reads (a code, a semester, a class,
// a bundle, a staff member, an announcement): it waits for the list, says when reading it failed or
// when the record is not in it (an old link, a record deleted meanwhile), then shows the form.
import type { ReactNode } from 'react';
import { LoadError } from './LoadError';
import { PageLoading } from './PageLoading';
import type { LoadState } from '../lib/loadState';

export function EditById<L, T>({
  load: [state, reload],
  find,
  missing,
  children,
}: {
  load: readonly [LoadState<L>, () => void, ...unknown[]];
  /** The record in the list as read, or nothing. */
  find: (list: L) => T | undefined;
  /** What to say when it is not there: "This code does not exist." */
  missing: string;
  children: (found: T, list: L) => ReactNode;
}) {
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const found = find(state.value);
  if (!found) return <LoadError error={missing} onRetry={reload} />;
  return children(found, state.value);
}
