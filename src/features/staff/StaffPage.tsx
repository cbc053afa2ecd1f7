// /admin/staff (admins only): who is on the school's staff and with which roles; add a person
// by email (a new address gets an invitation to choose a password), change roles, remove.
import { Card } from '../../components/Card';
import { useParams } from 'react-router-dom';
import type { StaffMember } from '../../../contract/domain';
import { formatMoment } from '../../../contract/wording';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES } from '../../../contract/roles';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { EditById } from '../../components/EditById';
import { useSession } from '../../lib/session';
import { useAdminStaff, useSaveStaff } from './api';
import { deleteBy, EditAndDelete } from '../../components/EditForm';
import { AdminTable, ColumnHeaders, RowActions } from '../../components/table';
import { StaffForm } from './StaffForm';
import { NewLink } from '../../components/NewLink';

const rolesText = (m: StaffMember) => m.roles.map((r) => ROLE_LABELS[r]).join(', ');

/** /admin/staff: the staff and their roles. */
export default function StaffList() {
  const [state, reload] = useAdminStaff();
  const save = useSaveStaff();
  const { user } = useSession();
  if (state.status === 'loading') return <PageLoading label="Loading the staff…" />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const { staff } = state.value;
  return (
    <div className="page admin-page">
      <h1>Staff</h1>
      <div className="card-header">
        <p className="muted">A change takes effect on the person’s next action in the portal.</p>
        <NewLink to="new" label="Add a staff member" icon="pi-user-plus" />
      </div>
      <AdminTable
        label="Staff members"
        caption="Staff members and their roles"
        head={<ColumnHeaders columns={['Email', 'Roles', 'Signed in', 'Last change', { label: 'Actions', hidden: true }]} />}
      >
        {staff.map((m) => (
          <tr key={m.uid}>
            <th scope="row">
              {m.email}
              {m.uid === user?.uid && <span className="muted"> (you)</span>}
            </th>
            <td>{rolesText(m)}</td>
            <td>{m.invited ? <span className="status-chip status-draft">Invited</span> : m.lastSignInAt ? formatMoment(m.lastSignInAt) : '—'}</td>
            <td>{m.changedAt ? `${formatMoment(m.changedAt)} by ${m.changedBy}` : '—'}</td>
            <RowActions>
              <EditAndDelete
                to={m.uid}
                edit="Change roles"
                editName={`of ${m.email}`}
                label="Remove"
                name={m.email}
                question={`Remove ${m.email} from the staff? Their account stays, without any staff role.`}
                done={`${m.email} is no longer on the staff.`}
                {...deleteBy(save, { email: m.email, roles: [] })}
              />
            </RowActions>
          </tr>
        ))}
      </AdminTable>
      <Card id="roles-heading" title="What each role may do">
        <dl className="role-list">
          {STAFF_ROLES.map((r) => (
            <div key={r}>
              <dt>{ROLE_LABELS[r]}</dt>
              <dd>{ROLE_DESCRIPTIONS[r]}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}

/** /admin/staff/:id: one member's roles. */
export function EditMember() {
  const { id: uid } = useParams();
  return (
    <EditById load={useAdminStaff()} find={(v) => v.staff.find((m) => m.uid === uid)} missing="This person is not on the staff.">
      {(member) => <StaffForm key={member.uid} initial={{ email: member.email, roles: member.roles }} existing />}
    </EditById>
  );
}

/** /admin/staff/new: a new member. */
export function NewMember() {
  return <StaffForm initial={{ email: '', roles: [] }} />;
}
