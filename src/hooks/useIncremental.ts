import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to render: `first` at once, then `step` more after each commit, in
 * transitions React may interrupt for input. A list of 200 classes never blocks the page (one render
 * of every card was a 650 ms long task on a mid-range phone).
 */
export function useIncremental(total: number, first = 24, step = 24): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const next = setTimeout(() => startTransition(() => setCount((c) => c + step)), 0);
    return () => clearTimeout(next);
  }, [count, total, step]);
  return Math.min(count, total);
}
