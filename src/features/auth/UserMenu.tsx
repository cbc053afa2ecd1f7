import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOutUser } from '../../lib/auth';
import { unsentFieldRecords } from '../../lib/unsentField';
import { useNotify } from '../../lib/toast';
import { emailLine } from './userMenuItems';
import { Prime } from '../../components/Prime';

export default function UserMenu({ email }: { email: string | null }) {
  const menu = useRef<Menu>(null);
  const navigate = useNavigate();
  const notify = useNotify();
  const items: MenuItem[] = [
    { label: emailLine(email), disabled: true },
    { label: 'Enrollments', icon: 'pi pi-list', command: () => navigate('/account/enrollments') },
    { label: 'Manage Account', icon: 'pi pi-cog', command: () => navigate('/account/manage') },
    {
      label: 'Sign Out',
      icon: 'pi pi-sign-out',
      command: async () => {
        // Signing out wipes the phone's field records: one not sent yet (no signal since) would be lost.
        const unsent = await unsentFieldRecords();
        const asked = `${unsent} ${unsent === 1 ? 'record' : 'records'} from your classes (attendance, pickups, doses, incidents) ${unsent === 1 ? 'is' : 'are'} not sent yet. Signing out deletes ${unsent === 1 ? 'it' : 'them'} from this phone. Open the class with a signal until it says “Everything is sent.” first. Sign out anyway?`;
        if (unsent && !window.confirm(asked)) return;
        signOutUser().then(
          () => navigate('/user/login'),
          () => notify({ severity: 'error', summary: 'Error', detail: 'Could not sign out. Please try again.' }),
        );
      },
    },
  ];
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
      </>
    </Prime>
  );
}
