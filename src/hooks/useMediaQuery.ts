import { useSyncExternalStore } from 'react';

/** True while the media query matches; follows resizes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** The narrow-screen breakpoint is 620px. */
export const WIDE_SCREEN = '(min-width: 620px)';
export const useWideScreen = () => useMediaQuery(WIDE_SCREEN);
