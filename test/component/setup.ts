import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// Lazily loaded parts (a page, the toast host, dialogs) can take more than the default second to
// arrive when the machine is busy — the first file to open a lazy page transforms its modules, which
// took over five seconds beside two emulator stacks and a build: findBy and waitFor wait up to fifteen
// seconds (a passing test waits no longer; the test's own timeout is 30 s).
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no layout: PrimeReact overlays check offsetParent before showing.
Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
  configurable: true,
  get() {
    return this.parentNode;
  },
});

/** Tests set the viewport width; matchMedia answers min-/max-width queries from it. */
export function setViewportWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}
window.matchMedia = (query: string) => {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const w = window.innerWidth;
  const matches = (!min || w >= Number(min[1])) && (!max || w <= Number(max[1]));
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  } as MediaQueryList;
};
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

beforeEach(() => setViewportWidth(1280));
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
