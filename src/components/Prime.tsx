// PrimeReact's settings, which its overlays read (without them, resizing the window with the account
// menu open threw "reading 'hideOverlaysOnDocumentScrolling'" and left the menu open). Each screen or
// widget that uses PrimeReact components is wrapped in it; they all load lazily, so the class list a
// visitor lands on loads none of PrimeReact.
import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';

export function Prime({ children }: { children: ReactNode }) {
  return <PrimeReactProvider>{children}</PrimeReactProvider>;
}
