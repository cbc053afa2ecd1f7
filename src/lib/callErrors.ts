import type { CallErrorCode } from './loadState';

/** The HTTP status → error code mapping of the callable protocol. */
export function codeForHttpStatus(status: number): CallErrorCode {
  switch (status) {
    case 0:
    case 500:
      return 'internal';
    case 400:
      return 'invalid-argument';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission-denied';
    case 404:
      return 'not-found';
    case 409:
      return 'aborted';
    case 429:
      return 'resource-exhausted';
    case 499:
      return 'cancelled';
    case 501:
      return 'unimplemented';
    case 503:
      return 'unavailable';
    case 504:
      return 'deadline-exceeded';
    default:
      return 'unknown';
  }
}

const HUMAN: Record<CallErrorCode, string> = {
  'invalid-argument': 'Some of the information is not valid.',
  unauthenticated: 'Please sign in and try again.',
  'permission-denied': 'You do not have access to this.',
  'not-found': 'We could not find what you asked for.',
  aborted: 'Something changed while you were working. Please review and try again.',
  'resource-exhausted': 'Too many requests right now. Please wait a moment and try again.',
  cancelled: 'The request was cancelled.',
  unimplemented: 'This is not available yet.',
  unavailable: 'The service is unavailable. Check your connection and try again.',
  'deadline-exceeded': 'The server took too long to answer. Please try again.',
  internal: 'Something went wrong on our side. Please try again.',
  unknown: 'Something went wrong. Please try again.',
};

/** A message a family can read: the server's own words when it gave some, else a plain sentence. */
export function humanMessage(code: CallErrorCode, serverMessage?: string): string {
  const own = serverMessage?.trim();
  const generic = !own || own.toUpperCase() === own || /^internal$/i.test(own);
  return generic ? HUMAN[code] : own;
}
