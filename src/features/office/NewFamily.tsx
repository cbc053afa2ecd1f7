// /admin/families/new: the office makes an account for a family that has none (it calls, or comes to
// the office) — its email, and who holds it. The family gets an email to choose its password; the
// office goes on to the family's page (to add a child, enroll by phone). An address that already has
// an account opens that family's page instead.
import { useState } from 'react';
import type { Payload } from '../../../contract/callables';
import { newFamilySchema } from '../../../contract/api/office';
import { EditForm, useCheckedSave } from '../../components/EditForm';
import { TextField } from '../../components/studentForm/fields';
import { useCreateFamily } from './api';

type Draft = Payload<'adminCreateFamily'>;

export default function NewFamily() {
  const [draft, setDraft] = useState<Draft>({ email: '', name: '', phone: '' });
  const create = useCreateFamily();
  const { errors, save } = useCheckedSave(newFamilySchema, draft, create, (r) => ({
    message: r.created ? `An email to choose a password is on its way to ${draft.email.trim()}.` : `${draft.email.trim()} has an account already: here is its family’s page.`,
    to: `/admin/families/${r.uid}`,
  }));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <div className="page">
      <EditForm title="A new family" cancelTo="/admin/students" saveLabel="Make the account" mutation={create} onSubmit={save}>
        <p className="muted">For a family without an account (it calls, or comes to the office). The family gets an email to choose its password; you can add its children and enroll them now.</p>
        <div className="form-grid">
          <TextField path="email" label="The family’s email" required type="email" inputMode="email" autoComplete="off" errors={errors} value={draft.email} onChange={(email) => set({ email })} />
          <TextField path="name" label="Account holder’s name" required autoComplete="off" errors={errors} value={draft.name} onChange={(name) => set({ name })} />
          <TextField path="phone" label="Account holder’s phone" required type="tel" inputMode="tel" autoComplete="off" errors={errors} value={draft.phone} onChange={(phone) => set({ phone })} />
        </div>
      </EditForm>
    </div>
  );
}
