// Firebase Auth error codes in words a family understands; the code stays in brackets for support.
const WORDS: Record<string, string> = {
  'auth/invalid-credential': 'the email or password is wrong',
  'auth/wrong-password': 'the email or password is wrong',
  'auth/invalid-login-credentials': 'the email or password is wrong',
  'auth/user-not-found': 'there is no account with this email',
  'auth/user-disabled': 'this account has been disabled',
  'auth/email-already-in-use': 'an account with this email already exists, sign in instead',
  'auth/weak-password': 'the password must be at least 6 characters',
  'auth/invalid-email': 'the email address is not valid',
  'auth/missing-password': 'the password is missing',
  'auth/too-many-requests': 'too many attempts, please wait a few minutes and try again',
  'auth/network-request-failed': 'no connection to the sign-in service, check your internet connection',
};

export function authErrorCode(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unknown';
}

export function describeAuthError(code: string): string {
  const words = WORDS[code];
  return words ? `${words} (${code})` : code;
}
