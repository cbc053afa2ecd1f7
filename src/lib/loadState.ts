export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: CallError }
  | { status: 'loaded'; value: T };

export const loading = { status: 'loading' } as const;
export const loaded = <T>(value: T): LoadState<T> => ({ status: 'loaded', value });
export const failed = (error: CallError): LoadState<never> => ({ status: 'error', error });

/** The error codes of callable functions. */
export type CallErrorCode =
  | 'invalid-argument'
  | 'unauthenticated'
  | 'permission-denied'
  | 'not-found'
  | 'aborted'
  | 'resource-exhausted'
  | 'cancelled'
  | 'unimplemented'
  | 'unavailable'
  | 'deadline-exceeded'
  | 'internal'
  | 'unknown';

export class CallError extends Error {
  constructor(
    readonly code: CallErrorCode,
    message: string,
    /** What the function sent with its refusal (the record as it is now, say), if anything. */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'CallError';
  }
}
