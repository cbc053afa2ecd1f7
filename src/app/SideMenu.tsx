import { Sidebar } from 'primereact/sidebar';
import { memo } from 'react';
import { NavLink } from 'react-router-dom';
import { useSettings } from '../lib/settingsContext';
import { Prime } from '../components/Prime';
import { can, useSession } from '../lib/session';
import { STAFF_LINKS } from './pages';

/** The side menu (staff only): the pages the person's roles allow. Choosing an item closes it. */
function SideMenu({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { student_units_url } = useSettings();
  const session = useSession();
  return (
    <Prime>
      <Sidebar visible={visible} onHide={onHide} className="side-menu" ariaCloseLabel="Close menu" header={<strong>Menu</strong>}>
        <nav aria-label="Main menu">
          <ul className="side-menu-list">
            <li>
              <NavLink to="/classes/enrollment" onClick={onHide} end>
                <span className="pi pi-book" aria-hidden="true" /> Class Registration
              </NavLink>
            </li>
          </ul>
          <h2 className="side-menu-heading" id="side-menu-admin">
            Admin
          </h2>
          <ul className="side-menu-list" aria-labelledby="side-menu-admin">
            {STAFF_LINKS.filter((l) => l.side && can(session, l.access)).map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} onClick={onHide} end>
                  <span className={`pi ${l.icon}`} aria-hidden="true" /> {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className="side-menu-list">
            <li>
              {student_units_url.startsWith('/') ? (
                <NavLink to={student_units_url} onClick={onHide}>
                  <span className="pi pi-book" aria-hidden="true" /> Student Units
                </NavLink>
              ) : (
                <a href={student_units_url} target="_blank" rel="noopener noreferrer" onClick={onHide}>
                  <span className="pi pi-external-link" aria-hidden="true" /> Student Units
                </a>
              )}
            </li>
          </ul>
        </nav>
      </Sidebar>
    </Prime>
  );
}

// Drawn only when it opens or closes, never by the navigation an item starts: choosing an item closes
// the menu over 300 ms while the chosen page loads in a React transition, and when that transition drew
// the menu again (PrimeReact's settings given anew to every part of it), React 18 lost the update
// that ends the closing, and the menu stayed on screen, half closed.
export default memo(SideMenu);
