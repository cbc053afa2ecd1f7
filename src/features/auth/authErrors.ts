// Firebase Auth error codes in sentences a family understands. The toast keeps the specification's
// 'Failed to log in: {code}' text; the form shows the sentence, once.
const WORDS: Record<string, string> = {
  'auth/invalid-credential': 'The email or password is wrong.',
  'auth/wrong-password': 'The email or password is wrong.',
  'auth/invalid-login-credentials': 'The email or password is wrong.',
  'auth/user-not-found': 'There is no account with this email.',
  'auth/user-disabled': 'This account has been disabled. Please contact the office.',
  'auth/email-already-in-use': 'An account with this email already exists: sign in instead.',
  'auth/weak-password': 'That password is too short: use at least 6 characters.',
  'auth/invalid-email': 'That email address is not valid.',
  'auth/missing-password': 'Enter your password.',
  'auth/too-many-requests': 'Too many attempts: please wait a few minutes and try again.',
  'auth/network-request-failed': 'No connection to the sign-in service: check your internet connection.',
};

export function authErrorCode(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unknown';
}

/** The sentence shown in the form; an unknown code is named for support. */
export function describeAuthError(code: string): string {
  return WORDS[code] ?? `Something went wrong (${code}). Please try again.`;
}
