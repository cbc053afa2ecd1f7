// A page that throws while rendering shows a message with Try again; the rest of the page stays, and
// Try again renders the page anew. A page whose code could not be downloaded says so, and Try again
// reloads (rendering again would only meet the same failed download).
import { lazy, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../src/components/ErrorBoundary';

afterEach(() => vi.restoreAllMocks());

describe('a page that fails to render', () => {
  it('says so with Try again, which renders it anew', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function Page() {
      if (broken) throw new Error('boom');
      return <h1>Roster</h1>;
    }
    render(
      <>
        <header>Portal</header>
        <ErrorBoundary resetKey="/admin/report">
          <Page />
        </ErrorBoundary>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown. Please try again.');
    expect(screen.getByText('Portal')).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Roster' })).toBeInTheDocument();
  });

  it('a page whose code could not be downloaded says so, and Try again reloads the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    // As Chromium says it when the page's file cannot be fetched (no signal, or replaced by a newer version).
    const Calendar = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost:5000/assets/CalendarPage-x1.js')));
    render(
      <>
        <header>Portal</header>
        <ErrorBoundary resetKey="/calendar/classes">
          <Suspense fallback={null}>
            <Calendar />
          </Suspense>
        </ErrorBoundary>
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be downloaded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the connection, then try again: the page reloads. Without signal, an instructor’s phone opens only the instructor’s pages.');
    expect(screen.getByText('Portal')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
