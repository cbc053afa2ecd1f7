import { ConfirmDialog } from 'primereact/confirmdialog';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { Prime } from '../components/Prime';
import { StaffLinksContext } from '../lib/staffLinks';
import { STAFF_LINKS } from './pages';

/**
 * What the office's pages share: PrimeReact's settings, the question before what cannot be undone
 * (components/confirm.ts) and the staff pages' links.
 */
export default function StaffFrame() {
  return (
    <Prime>
      <StaffLinksContext.Provider value={STAFF_LINKS}>
        <Suspense fallback={<PageLoading label="Loading…" />}>
          <ConfirmDialog pt={{ root: { role: 'alertdialog' } }} />
          <Outlet />
        </Suspense>
      </StaffLinksContext.Provider>
    </Prime>
  );
}
