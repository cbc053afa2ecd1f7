// The admin's form for one staff member: their email (fixed once they are on the staff) and roles.
import { useState } from 'react';
import type { Payload } from '../../../contract/callables';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../contract/roles';
import { staffSchema } from '../../../contract/api/staff';
import { CheckboxField, TextField } from '../../components/studentForm/fields';
import { useSaveStaff } from './api';
import { EditForm, useCheckedSave } from '../../components/EditForm';

type Draft = Payload<'adminSaveStaff'>;

export function StaffForm({ initial, existing = false }: { initial: Draft; existing?: boolean }) {
  const [draft, setDraft] = useState<Draft>(initial);
  const saveCall = useSaveStaff();
  const { errors, save } = useCheckedSave(staffSchema, draft, saveCall, (r) => ({
    message: r.invited ? `An invitation to choose a password is on its way to ${r.member.email}.` : `${r.member.email}’s roles are saved.`,
    to: '/admin/staff',
  }));
  // No roles would take the person off the staff: that is the list's Remove, asked for on purpose.
  const [noRole, setNoRole] = useState(false);
  const roleError = noRole ? 'Choose at least one role. To take someone off the staff, use Remove on the list.' : errors.roles;
  const toggle = (role: StaffRole, on: boolean) => setDraft((d) => ({ ...d, roles: STAFF_ROLES.filter((r) => (r === role ? on : d.roles.includes(r))) }));
  const submit = () => {
    setNoRole(!draft.roles.length);
    if (draft.roles.length) save();
  };
  return (
    <EditForm title={existing ? `Roles of ${initial.email}` : 'Add a staff member'} cancelTo="/admin/staff" saveLabel={existing ? 'Save roles' : 'Add to the staff'} mutation={saveCall} onSubmit={submit}>
      {existing ? (
        <p>
          <strong>{initial.email}</strong>
        </p>
      ) : (
        <TextField
          path="email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          hint="Someone without an account here gets an email to choose a password."
          errors={errors}
          value={draft.email}
          onChange={(email) => setDraft((d) => ({ ...d, email }))}
        />
      )}
      <fieldset className="radio-group">
        <legend>Roles</legend>
        {STAFF_ROLES.map((r) => (
          <CheckboxField
            key={r}
            label={
              <>
                <strong>{ROLE_LABELS[r]}</strong> <span className="role-description">— {ROLE_DESCRIPTIONS[r]}</span>
              </>
            }
            checked={draft.roles.includes(r)}
            onChange={(on) => toggle(r, on)}
          />
        ))}
        {roleError && (
          <small className="field-error" role="alert">
            {roleError}
          </small>
        )}
      </fieldset>
    </EditForm>
  );
}
