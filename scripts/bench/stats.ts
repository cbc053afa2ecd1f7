// The bench's figures: middle and tail of a set of timings, and sizes in KB as the tables print them.
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] ?? 0;
export const KB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
