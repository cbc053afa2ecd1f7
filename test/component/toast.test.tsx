import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

describe('toasts', () => {
  it('appear top right with summary and detail, the detail escaped', async () => {
    await show({ severity: 'error', summary: 'Error', detail: '<img src=x onerror="alert(1)"> & <b>bold</b>' });
    const detail = await screen.findByText('<img src=x onerror="alert(1)"> & <b>bold</b>');
    expect(detail.querySelector('img, b')).toBeNull();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(document.querySelector('.p-toast')).toHaveClass('p-toast-top-right');
  });

  it('disappear after 3000 ms by default', async () => {
    await show({ severity: 'success', summary: 'Success', detail: 'Logged in!' });
    await screen.findByText('Logged in!');
    await new Promise((r) => setTimeout(r, 2500));
    expect(screen.getByText('Logged in!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Logged in!')).not.toBeInTheDocument(), { timeout: 1500 });
  });

  it('stay when sticky', async () => {
    await show({ severity: 'warn', summary: 'Note', detail: 'Stays', sticky: true });
    await screen.findByText('Stays');
    await new Promise((r) => setTimeout(r, 3600));
    expect(screen.getByText('Stays')).toBeInTheDocument();
  });
});

describe('repeated toasts', () => {
  it('shows the same message once when it comes twice at the same moment', async () => {
    await show({ severity: 'error', summary: 'Error', detail: 'Offline' });
    await act(async () => screen.getByText('notify').click());
    await screen.findByText('Offline');
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.getAllByText('Offline')).toHaveLength(1);
  });
});
