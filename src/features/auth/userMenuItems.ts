/** The first 15 characters of the email followed by '...', or 'User email' if missing. */
export function emailLine(email: string | null | undefined): string {
  return email ? `${email.slice(0, 15)}...` : 'User email';
}
