import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from './setup';
import { adminSession, familySession, renderApp, signedOut, staffSession } from './renderApp';

describe('shell', () => {
  it('wide screens: logo 50px, "Registration Portal", "Register / Sign In" to /user/create', async () => {
    renderApp('/user/login');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Registration Portal')).toBeInTheDocument();
    expect(banner.querySelector('img')).toHaveAttribute('height', '50');
    expect(within(banner).getByRole('link', { name: 'Register / Sign In' })).toHaveAttribute('href', '/user/create');
  });

  it('narrow screens (< 620px): logo 35px, "Portal", compact "Account"', () => {
    setViewportWidth(619);
    renderApp('/user/login');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Portal')).toBeInTheDocument();
    expect(within(banner).queryByText('Registration Portal')).not.toBeInTheDocument();
    expect(banner.querySelector('img')).toHaveAttribute('height', '35');
    expect(within(banner).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/user/create');
  });

  it('footer: copyright 2025, privacy policy and support address from settings', () => {
    renderApp('/user/login', signedOut, { support_email: 'help@school.test', privacy_policy_url: 'https://school.test/p' });
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('© 2025');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://school.test/p');
    expect(within(footer).getByRole('link', { name: 'help@school.test' })).toHaveAttribute('href', 'mailto:help@school.test');
    expect(within(footer).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    expect(within(footer).getByRole('link', { name: 'Donate' })).toHaveAttribute('href', '/donate-venmo');
  });

  it('shows the optional site banner from settings as markdown, never raw HTML', () => {
    renderApp('/user/login', signedOut, { site_banner: 'Snow day **Friday** <img src=x onerror=alert(1)>' });
    const banner = screen.getByRole('note');
    expect(within(banner).getByText('Friday').tagName).toBe('STRONG');
    expect(banner.querySelector('img')).toBeNull();
    expect(banner).toHaveTextContent('<img src=x onerror=alert(1)>');
  });

  it('shows the Menu button only to signed-in admins', async () => {
    const { unmount } = renderApp('/user/login', familySession());
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    unmount();
    renderApp('/user/login', adminSession);
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
  });

  it('side menu: the exact entries, the Admin heading, Student Units from settings; choosing an item closes it', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/calendar/classes', adminSession, { student_units_url: 'https://units.test/' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const labels = within(nav).getAllByRole('link').map((a) => a.textContent?.trim());
    expect(labels).toEqual([
      'Class Registration', 'Dashboard', 'Class Forms and Contacts', 'Student Info Sheets', 'T-shirt Sizes',
      'Enrollments', 'Class Calendar', 'Student Units',
    ]);
    expect(within(nav).getByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Student Units' })).toHaveAttribute('href', 'https://units.test/');
    await user.click(within(nav).getByRole('link', { name: 'T-shirt Sizes' }));
    expect(location().pathname).toBe('/admin/t-shirts');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument());
  });

  it('side menu: Student Units opens the Help page’s note until the school gives its site’s address', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/calendar/classes', adminSession);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const link = within(nav).getByRole('link', { name: 'Student Units' });
    expect(link).toHaveAttribute('href', '/help#student-units');
    expect(link).not.toHaveAttribute('target');
    await user.click(link);
    expect(location().pathname).toBe('/help');
    expect(await screen.findByRole('heading', { name: 'Student Units (for staff)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument());
  });

  it('signed in: an avatar opens the user menu with the email line, Enrollments, Manage Account, Sign Out', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/user/create', familySession('a.very.long.email@example.com'));
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('a.very.long.ema...')).toBeInTheDocument();
    expect(within(menu).getByText('Sign Out')).toBeInTheDocument();
    expect(within(menu).getByText('Manage Account')).toBeInTheDocument();
    await user.click(within(menu).getByText('Enrollments'));
    expect(location().pathname).toBe('/account/enrollments');
  });

  it("says 'User email' when the account has no email", async () => {
    const user = userEvent.setup();
    renderApp('/user/create', familySession(null));
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('User email')).toBeInTheDocument();
  });
});

describe('routes and guards', () => {
  it.each([
    ['/', '/classes/enrollment'],
    ['/classes', '/classes/enrollment'],
    ['/no/such/page', '/classes/enrollment'],
    ['/user/whatever', '/user/login'],
  ])('%s redirects to %s', async (from, to) => {
    const { location } = renderApp(from);
    await waitFor(() => expect(location().pathname).toBe(to));
  });

  it('a signed-out visitor of a protected page goes to /user/login and the path is remembered', async () => {
    const { location } = renderApp('/account/enrollments?x=1');
    await waitFor(() => expect(location().pathname).toBe('/user/login'));
    expect(sessionStorage.getItem('portal.afterLogin')).toBe('/account/enrollments?x=1');
  });

  it('after login on the login page the user goes to the remembered path', async () => {
    sessionStorage.setItem('portal.afterLogin', '/account/manage');
    const { location } = renderApp('/user/login', familySession());
    await waitFor(() => expect(location().pathname).toBe('/account/manage'));
    expect(await screen.findByRole('heading', { name: 'Manage Account' })).toBeInTheDocument();
  });

  it('after login with nothing remembered the user goes to / (then the enrollment page)', async () => {
    const { location } = renderApp('/user/create', familySession());
    await waitFor(() => expect(location().pathname).toBe('/classes/enrollment'));
  });

  it('admin pages send signed-in non-admins to /', async () => {
    const { location } = renderApp('/admin/enrollments', familySession());
    await waitFor(() => expect(location().pathname).toBe('/classes/enrollment'));
  });

  it('each staff role sees the menu entries its pages allow, in the specification\'s order', async () => {
    const user = userEvent.setup();
    const entries = async (roles: string[]) => {
      const view = renderApp('/calendar/classes', staffSession(...roles));
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      const nav = await screen.findByRole('navigation', { name: 'Main menu' });
      const labels = within(nav).getAllByRole('link').map((a) => a.textContent?.trim());
      view.unmount();
      return labels;
    };
    expect(await entries(['finance'])).toEqual(['Class Registration', 'Dashboard', 'Enrollments', 'Class Calendar', 'Student Units']);
    expect(await entries(['instructor'])).toEqual(['Class Registration', 'My Classes', 'Class Calendar', 'Student Units']);
    expect(await entries(['office'])).toEqual([
      'Class Registration', 'Dashboard', 'Class Forms and Contacts', 'Student Info Sheets', 'T-shirt Sizes', 'Enrollments', 'Class Calendar', 'Student Units',
    ]);
  });

  it('a staff page its roles do not allow sends the person to /; one they allow opens', async () => {
    const health = renderApp('/admin/report', staffSession('finance'));
    await waitFor(() => expect(health.location().pathname).toBe('/classes/enrollment'));
    health.unmount();
    const staffPage = renderApp('/admin/staff', staffSession('office'));
    await waitFor(() => expect(staffPage.location().pathname).toBe('/classes/enrollment'));
    staffPage.unmount();
    for (const [path, session] of [['/staff/classes', familySession()], ['/staff/classes', staffSession('finance')], ['/admin', staffSession('instructor')]] as const) {
      const view = renderApp(path, session);
      await waitFor(() => expect(view.location().pathname).toBe('/classes/enrollment'));
      view.unmount();
    }
    renderApp('/admin/t-shirts', staffSession('office'));
    expect(await screen.findByRole('heading', { name: 'T-shirt Sizes' })).toBeInTheDocument();
  });

  it('admin pages wait for roles, then open for admins', async () => {
    renderApp('/admin/t-shirts', adminSession);
    expect(await screen.findByRole('heading', { name: 'T-shirt Sizes' })).toBeInTheDocument();
    const { location } = renderApp('/admin', { user: adminSession.user, roles: null });
    expect(location().pathname).toBe('/admin');
  });

  it('the calendar, donation and help pages need no login', async () => {
    const { location } = renderApp('/donate-venmo');
    await screen.findByRole('heading', { name: 'Donate' });
    expect(location().pathname).toBe('/donate-venmo');
    renderApp('/help', signedOut, { support_email: 'desk@school.test' });
    await screen.findByRole('heading', { name: 'Help for families' });
    expect(screen.getAllByRole('link', { name: 'desk@school.test' }).length).toBeGreaterThan(0);
  });
});

describe('callable failures reach the family as words', () => {
  it('an unreachable server shows the error in the page and in a toast, with a way to retry', async () => {
    // No functions are reachable from component tests: the call fails like a phone without signal.
    renderApp('/classes/enrollment');
    const text = 'The service is unavailable. Check your connection and try again.';
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2), { timeout: 10_000 });
    const messages = screen.getAllByText(text);
    expect(document.querySelector('.p-toast')).toContainElement(messages[1]);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
