// Which profile fields each step edits (the rest are checked by the other step).
export const isHealthPath = (path: string) => path.startsWith('health') || path.startsWith('permissions');
export const isInfoPath = (path: string) => !isHealthPath(path);
