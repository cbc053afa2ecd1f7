// A page that throws while rendering shows a message with Try again; the rest of the page stays, and
// Try again renders the page anew.
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
});
