/** Callable timeout and region (seed §9). */
export const CALLABLE_TIMEOUT_MS = 70_000;
export const FUNCTIONS_REGION = 'us-central1';
