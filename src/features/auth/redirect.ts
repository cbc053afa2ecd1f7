// The protected path a signed-out visitor asked for, to return to after login.
const KEY = 'portal.afterLogin';

export function rememberRequestedPath(path: string): void {
  sessionStorage.setItem(KEY, path);
}

/** The remembered path (default /), forgotten once taken. */
export function takeRequestedPath(): string {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}
