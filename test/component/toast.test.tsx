import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useNotify, type Message } from '../../src/lib/toast';

function Trigger({ message }: { message: Message }) {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify(message)}>
      notify
    </button>
  );
}

const show = async (message: Message) => {
  render(
    <ToastProvider>
      <Trigger message={message} />
    </ToastProvider>,
  );
  await act(async () => screen.getByText('notify').click());
};

/**
 * Shown on the test's own clock, the toasts' code loaded first: a real wait would count whatever a
 * busy machine adds before the toast appears.
 */
const onClock = async (message: Message) => {
  await import('../../src/lib/ToastHost');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  await show(message);
  await act(async () => undefined);
};
/** Time passes in steps of at most 50 ms, React rendering after each: a toast's exit starts its own timer. */
const pass = async (ms: number) => {
  for (let left = ms; left > 0; left -= 50) await act(() => void vi.advanceTimersByTime(Math.min(left, 50)));
};
afterEach(() => void vi.useRealTimers());

describe('toasts', () => {
  it('appear top right with summary and detail, the detail escaped', async () => {
    await show({ severity: 'error', summary: 'Error', detail: '<img src=x onerror="alert(1)"> & <b>bold</b>' });
    const detail = await screen.findByText('<img src=x onerror="alert(1)"> & <b>bold</b>');
    expect(detail.querySelector('img, b')).toBeNull();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(document.querySelector('.p-toast')).toHaveClass('p-toast-top-right');
  });

  it('disappear after 3000 ms by default', async () => {
    await onClock({ severity: 'success', summary: 'Success', detail: 'Logged in!' });
    expect(screen.getByText('Logged in!')).toBeInTheDocument();
    await pass(2999);
    expect(screen.getByText('Logged in!')).toBeInTheDocument();
    await pass(1);
    // Then 200 ms out.
    await pass(200);
    expect(screen.queryByText('Logged in!')).not.toBeInTheDocument();
  });

  it('stay when sticky', async () => {
    await onClock({ severity: 'warn', summary: 'Note', detail: 'Stays', sticky: true });
    await pass(60_000);
    expect(screen.getByText('Stays')).toBeInTheDocument();
  });
});

describe('repeated toasts', () => {
  it('shows the same message once when it comes twice at the same moment', async () => {
    await onClock({ severity: 'error', summary: 'Error', detail: 'Offline' });
    await act(async () => screen.getByText('notify').click());
    await pass(400);
    expect(screen.getAllByText('Offline')).toHaveLength(1);
  });
});
