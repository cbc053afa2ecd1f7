import { Dialog } from 'primereact/dialog';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { signOutUser } from '../../lib/auth';
import { unsentFieldRecords } from '../../lib/unsentField';
import { useNotify } from '../../lib/toast';
import { emailLine } from './userMenuItems';
import { Prime } from '../../components/Prime';

export default function UserMenu({ uid, email }: { uid: string; email: string | null }) {
  const menu = useRef<Menu>(null);
  const navigate = useNavigate();
  const notify = useNotify();
  // Field records on this phone not sent yet: signing out would wipe them, so it asks first.
  const [unsent, setUnsent] = useState(0);
  const signOut = () => {
    setUnsent(0);
    signOutUser().then(
      () => navigate('/user/login'),
      () => notify({ severity: 'error', summary: 'Error', detail: 'Could not sign out. Please try again.' }),
    );
  };
  const items: MenuItem[] = [
    { label: emailLine(email), disabled: true },
    { label: 'Enrollments', icon: 'pi pi-list', command: () => navigate('/account/enrollments') },
    { label: 'Manage Account', icon: 'pi pi-cog', command: () => navigate('/account/manage') },
    {
      label: 'Sign Out',
      icon: 'pi pi-sign-out',
      command: async () => {
        const waiting = await unsentFieldRecords(uid);
        if (waiting) setUnsent(waiting);
        else signOut();
      },
    },
  ];
  const one = unsent === 1;
  return (
    <Prime>
      <>
        <button
          type="button"
          className="avatar-button"
          aria-label="Account menu"
          aria-haspopup="menu"
          aria-controls="user-menu"
          onClick={(e) => menu.current?.toggle(e)}
        >
          <span className="pi pi-user" aria-hidden="true" />
        </button>
        <Menu model={items} popup ref={menu} id="user-menu" popupAlignment="right" />
        <Dialog
          header="Records not sent yet"
          visible={unsent > 0}
          onHide={() => setUnsent(0)}
          modal
          pt={{ root: { role: "alertdialog" } }}
          style={{ width: 'min(30rem, 95vw)' }}
          footer={
            <div className="step-actions">
              <Button variant="outlined" onClick={() => setUnsent(0)} autoFocus>
                Stay signed in
              </Button>
              <Button variant="danger" onClick={signOut}>
                Sign out and delete them
              </Button>
            </div>
          }
        >
          <p>
            {unsent} {one ? 'record' : 'records'} from your classes (attendance, pickups, doses, incidents) {one ? 'is' : 'are'} not sent yet. Signing out deletes{' '}
            {one ? 'it' : 'them'} from this phone.
          </p>
          <p>Open the class with a signal until it says “Everything is sent.”, then sign out.</p>
        </Dialog>
      </>
    </Prime>
  );
}
