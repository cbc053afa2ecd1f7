// The client data layer: answers are cached by callable and payload, a save fetches again
// what it changed and only that, a failed load says so once in a toast (an answer already shown
// stays), and a change of account forgets everything cached. The network is a stand-in answering the callable protocol.
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrowserRouter, Link, Route, Routes, useNavigate, useSearchParams } from 'react-router-dom';
import { useAdminClasses, useAdminDiscounts, useAdminSemesters, useSaveClass, useSaveSemester } from '../../src/features/catalogueSetup/api';
import { useAdminDashboard } from '../../src/features/office/api';
import { useSemesterPicker } from '../../src/features/catalogueSetup/SemesterPicker';
import { useCallMutation } from '../../src/lib/mutation';
import { callKey, QueryProvider, useCallQuery, useForgetOnAccountChange } from '../../src/lib/query';
import { ToastProvider } from '../../src/lib/toast';
import { fakeFunctions } from './fakeFunctions';

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

const wrap = (ui: React.ReactNode) =>
  render(
    <ToastProvider>
      <QueryProvider>{ui}</QueryProvider>
    </ToastProvider>,
  );

describe('the client data layer', () => {
  it('a class save fetches again the class list and the dashboard on screen, not the discount codes', async () => {
    let title = 'Owls';
    const asked = fakeFunctions({
      adminClasses: () => ({ classes: [{ id: 'owls', title }], groups: [], enrolled: {} }),
      adminDashboard: () => ({ classes: [{ id: 'owls', title }] }),
      adminDiscounts: () => ({ discounts: [] }),
      adminSaveClass: () => {
        title = 'Night Owls';
        return { class: { id: 'owls', title } };
      },
    });
    function Office() {
      const [classes] = useAdminClasses('fall');
      const [dashboard] = useAdminDashboard('fall');
      useAdminDiscounts();
      const save = useSaveClass();
      const titleOf = (s: typeof classes | typeof dashboard) => (s.status === 'loaded' ? (s.value as unknown as { classes: { title: string }[] }).classes[0].title : s.status);
      return (
        <>
          <p>List: {titleOf(classes)}</p>
          <p>Dashboard: {titleOf(dashboard)}</p>
          <button type="button" onClick={() => void save.mutateAsync({} as never)}>
            Save
          </button>
        </>
      );
    }
    wrap(<Office />);
    await screen.findByText('List: Owls');
    await screen.findByText('Dashboard: Owls');
    expect(asked.sort()).toEqual(['adminClasses', 'adminDashboard', 'adminDiscounts']);
    asked.length = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('List: Night Owls');
    await screen.findByText('Dashboard: Night Owls');
    expect(asked.sort()).toEqual(['adminClasses', 'adminDashboard', 'adminSaveClass']);
  });

  it('after "Save semester", the page it leads to chooses the new semester, not the first of its cached list', async () => {
    let names = ['Fall'];
    fakeFunctions({
      adminSemesters: () => ({ semesters: names.map((name) => ({ id: name.toLowerCase(), name, status: 'open', startDate: '2026-09-01' })) }),
      adminSaveSemester: () => {
        names = [...names, 'Spring'];
        return { semester: { id: 'spring', name: 'Spring' } };
      },
    });
    function Picker() {
      const { semester } = useSemesterPicker();
      const [params] = useSearchParams();
      return (
        <p>
          Chosen: {semester?.name ?? 'none'} · URL: {params.get('semester')}
        </p>
      );
    }
    function Form() {
      useAdminSemesters(false); // as the real form: the list is not needed for a new semester
      const save = useSaveSemester();
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void save.mutateAsync({} as never).then((r) => navigate(`/list?semester=${r.semester.id}`))}>
          Save semester
        </button>
      );
    }
    window.history.replaceState(null, '', '/list');
    wrap(
      <BrowserRouter>
        <Routes>
          <Route path="/list" element={<><Picker /><Link to="/form">New semester</Link></>} />
          <Route path="/form" element={<Form />} />
        </Routes>
      </BrowserRouter>,
    );
    await screen.findByText('Chosen: Fall · URL: fall');
    await userEvent.click(screen.getByRole('link', { name: 'New semester' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save semester' }));
    await screen.findByText('Chosen: Spring · URL: spring');
  });

  it('a link followed while the semesters load is not undone when they arrive: the page does not take the URL back to put its semester in it', async () => {
    let answer!: () => void;
    const arrived = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await arrived;
        return new Response(JSON.stringify({ result: { semesters: [{ id: 'fall', name: 'Fall', status: 'open', startDate: '2026-09-01' }] } }), { status: 200 });
      }),
    );
    // The next page's code is still on its way (a lazy route): the router keeps this page on screen meanwhile.
    let loadStaff!: () => void;
    const Staff = lazy(() => new Promise<{ default: () => React.JSX.Element }>((resolve) => (loadStaff = () => resolve({ default: () => <h1>Staff</h1> }))));
    function Dashboard() {
      const { semester } = useSemesterPicker();
      return (
        <>
          <p>Chosen: {semester?.name ?? 'none'}</p>
          <Link to="/admin/staff">Staff</Link>
        </>
      );
    }
    window.history.replaceState(null, '', '/admin');
    wrap(
      <BrowserRouter>
        <Suspense fallback={<p>Loading…</p>}>
          <Routes>
            <Route path="/admin" element={<Dashboard />} />
            <Route path="/admin/staff" element={<Staff />} />
          </Routes>
        </Suspense>
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Staff' }));
    answer();
    await screen.findByText('Chosen: Fall');
    expect(window.location.pathname + window.location.search).toBe('/admin/staff');
    await act(async () => loadStaff());
    await screen.findByRole('heading', { name: 'Staff' });
    expect(window.location.pathname + window.location.search).toBe('/admin/staff');
  });

  it('two parts of a page asking the same thing make one call; a failed load is told once in a toast', async () => {
    const asked = fakeFunctions({ openSemesters: () => ({ semesters: [] }) });
    function Twice() {
      const [a] = useCallQuery('openSemesters');
      const [b] = useCallQuery('openSemesters');
      const [down] = useCallQuery('myStudents');
      return (
        <p>
          {a.status} {b.status} {down.status === 'error' ? down.error.message : down.status}
        </p>
      );
    }
    wrap(<Twice />);
    await screen.findByText(/loaded loaded/);
    expect(asked.filter((n) => n === 'openSemesters')).toHaveLength(1);
    await waitFor(() => expect(document.querySelector('.p-toast')?.textContent).toContain('down'));
    expect(screen.getAllByText(/down/)).toHaveLength(2); // on the page and in the toast, once
  });

  it('an answer on screen stays when asking again fails; the toast says the load failed', async () => {
    let up = true;
    fakeFunctions({ myStudents: () => (up ? { students: [{ id: 'kid', firstName: 'Ada' }] } : undefined) });
    function Students() {
      const [students, reload] = useCallQuery('myStudents');
      return (
        <>
          <p>{students.status === 'loaded' ? `Children: ${students.value.students.map((s) => s.firstName).join(', ')}` : students.status}</p>
          <button type="button" onClick={reload}>
            Again
          </button>
        </>
      );
    }
    wrap(<Students />);
    await screen.findByText('Children: Ada');
    up = false;
    await userEvent.click(screen.getByRole('button', { name: 'Again' }));
    await waitFor(() => expect(document.querySelector('.p-toast')?.textContent).toContain('Please sign in first.'));
    expect(screen.getByText('Children: Ada')).toBeTruthy();
  });

  it('a change of account forgets every cached answer', async () => {
    // Like the functions: the family's students only for a signed-in family.
    let signedIn = true;
    fakeFunctions({ myStudents: () => (signedIn ? { students: [{ id: 'ava' }] } : undefined) });
    let cached: () => unknown = () => undefined;
    function Family() {
      const [uid, setUid] = useState<string | null>('family-1');
      useForgetOnAccountChange(uid);
      const client = useQueryClient();
      cached = () => client.getQueryData(callKey('myStudents'));
      const [students] = useCallQuery('myStudents', undefined, { enabled: uid !== null });
      return (
        <>
          <p>{students.status}</p>
          <button
            type="button"
            onClick={() => {
              signedIn = false;
              setUid(null);
            }}
          >
            Sign out
          </button>
        </>
      );
    }
    wrap(<Family />);
    await screen.findByText('loaded');
    expect(cached()).toEqual({ students: [{ id: 'ava' }] });
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Sign out' })));
    await waitFor(() => expect(cached()).toBeUndefined());
    expect(screen.queryByText('loaded')).toBeNull();
  });

  /** A phone's page that saves field records: who is signed in can change, and the call's state shows. */
  function Phone() {
    const [uid, setUid] = useState<string | null>('coach-1');
    useForgetOnAccountChange(uid);
    const sync = useCallMutation('syncFieldEntries');
    return (
      <>
        <p>{sync.isPaused ? 'waiting for a signal' : sync.status}</p>
        <button type="button" onClick={() => sync.mutate({ classId: 'creek', sentAt: '2026-12-18T16:00:00.000Z', entries: [] })}>
          Send
        </button>
        <button type="button" onClick={() => setUid('coach-2')}>
          Someone else signs in
        </button>
      </>
    );
  }

  /** Sent without signal: the save is tried at once, and fails. The signal then returns. */
  const sendWithoutSignal = async () => {
    let signal = false;
    const asked = fakeFunctions({
      syncFieldEntries: () => {
        if (!signal) throw new TypeError('Failed to fetch');
        return { saved: [], already: [], held: [] };
      },
    });
    onlineManager.setOnline(false);
    wrap(<Phone />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('error');
    expect(asked).toEqual(['syncFieldEntries']);
    signal = true;
    act(() => onlineManager.setOnline(true));
    return asked;
  };

  it('a save without signal is tried at once and fails, saying so; the signal back sends nothing by itself (the field records keep their own queue)', async () => {
    const asked = await sendWithoutSignal();
    await new Promise((ok) => setTimeout(ok, 50));
    expect(screen.getByText('error')).toBeInTheDocument();
    expect(asked).toEqual(['syncFieldEntries']);
  });

  it('a save without signal never goes under the next person’s account: only their own save does', async () => {
    const asked = await sendWithoutSignal();
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Someone else signs in' })));
    expect(screen.queryByText('waiting for a signal')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('success');
    expect(asked).toEqual(['syncFieldEntries', 'syncFieldEntries']);
  });
});
