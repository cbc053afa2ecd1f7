/** The message browsers give when code loaded on demand (a dynamic import) cannot be fetched: Chromium, Safari, Firefox. */
const NOT_DOWNLOADED = /dynamically imported module|importing a module script failed/i;

/**
 * Whether `error` is a download that failed (no signal, or a newer version of the portal replaced the
 * file). The browser keeps the failure: importing the same file again fails again until the page reloads.
 */
export const notDownloaded = (error: unknown): boolean => error instanceof Error && NOT_DOWNLOADED.test(error.message);
