import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Button } from '../components/Button';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Markdown } from '../components/Markdown';
import { MenuNotDownloaded, OnDemand } from '../components/OnDemand';
import { PageLoading } from '../components/PageLoading';
import { UserButton } from '../features/auth/UserButton';
import { staffRoles, useSession } from '../lib/session';
import { useWideScreen } from '../hooks/useMediaQuery';
import { useSettings } from '../lib/settingsContext';
import { SCHOOL_NAME } from '../../contract/constants';

const SideMenu = lazy(() => import('./SideMenu'));

/** Header (logo, title, Menu for admins, user button), page outlet, side menu, footer. */
export function Shell() {
  const location = useLocation();
  const wide = useWideScreen();
  const session = useSession();
  const settings = useSettings();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  // The same function on every render, so that a navigation leaves the side menu alone (SideMenu.tsx).
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // Staff (any role) have the Menu button; the menu lists the pages their roles allow.
  const staff = staffRoles(session).length > 0;

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        {staff && (
          <Button
            variant="text" className="header-menu-button"
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
          >
            <span className="pi pi-bars" aria-hidden="true" />
            <span className="p-button-label">Menu</span>
          </Button>
        )}
        <Link to="/classes/enrollment" className="brand">
          <img src="/logo.svg" alt="" width={wide ? 50 : 35} height={wide ? 50 : 35} className="brand-logo" />
          <span className="brand-title">{wide ? 'Registration Portal' : 'Portal'}</span>
        </Link>
        <div className="header-end">
          <UserButton compact={!wide} />
        </div>
      </header>
      {settings.site_banner && (
        <div className="site-banner" role="note">
          <Markdown text={settings.site_banner} />
        </div>
      )}
      <main id="main" className="shell-main" tabIndex={-1}>
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className="shell-footer">
        {/* The specification's line stays; the school's own name is said once, for families who arrive by a link. */}
        <p className="footer-school">{SCHOOL_NAME}</p>
        <p>© 2025 Registration Portal. All rights reserved.</p>
        <p className="footer-links">
          <a href={settings.privacy_policy_url} target="_blank" rel="noopener noreferrer">
            Privacy Policy
          </a>
          <Link to="/help">Help</Link>
          <Link to="/donate-venmo">Donate</Link>
        </p>
        <p>
          Questions? Contact us at <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
        </p>
      </footer>
      {menuLoaded && staff && (
        <OnDemand fallback={menuOpen && <MenuNotDownloaded onClose={closeMenu} />}>
          <Suspense fallback={null}>
            <SideMenu visible={menuOpen} onHide={closeMenu} />
          </Suspense>
        </OnDemand>
      )}
    </div>
  );
}
