// A part of every page loaded on demand (a menu, the toasts) whose code cannot be downloaded gives way
// to its fallback and the page goes on; any other error still reaches the page's boundary. A menu that
// could not be downloaded says so when opened, and Try again reloads the page.
import { lazy, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../src/components/ErrorBoundary';
import { MenuNotDownloaded, OnDemand } from '../../src/components/OnDemand';

afterEach(() => vi.restoreAllMocks());

/** A part loaded on demand whose download fails with `message`. */
const failing = (message: string) => lazy(() => Promise.reject(new TypeError(message)));

function Page({ part: Part }: { part: ReturnType<typeof failing> }) {
  return (
    <ErrorBoundary resetKey="/classes/enrollment">
      <h1>Classes</h1>
      <OnDemand fallback={<p>Menu unavailable</p>}>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </OnDemand>
    </ErrorBoundary>
  );
}

describe('a part of the page loaded on demand', () => {
  it('whose code cannot be downloaded gives way to its fallback, and the page stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Page part={failing('Failed to fetch dynamically imported module: http://localhost:5000/assets/SideMenu-x1.js')} />);
    expect(await screen.findByText('Menu unavailable')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Classes' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('that fails for another reason still reaches the page’s boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Page part={failing('menu is not a function')} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText('Menu unavailable')).toBeNull();
  });

  it('a menu that could not be downloaded says so; Try again reloads the page, Close closes it', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const onClose = vi.fn();
    render(<MenuNotDownloaded onClose={onClose} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The menu could not be downloaded. Check the connection, then try again: the page reloads.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
