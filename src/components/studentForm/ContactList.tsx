import type { Contact } from '../../../contract/domain';
import { TextField } from './fields';
import { capitalized, type Errors } from './errors';
import { Rows } from './Rows';

/** A list of people with name, relationship and phone (emergency contacts, authorized pickups). */
export function ContactList({
  path,
  title,
  noun,
  contacts,
  min,
  errors,
  onChange,
}: {
  path: string;
  title: string;
  noun: string;
  contacts: Contact[];
  min: number;
  errors: Errors;
  onChange: (c: Contact[]) => void;
}) {
  return (
    <fieldset className="form-section">
      <legend>{title}</legend>
      {errors[path] && <p className="field-error">{capitalized(errors[path])}</p>}
      <Rows items={contacts} onChange={onChange} noun={noun} min={min} blank={() => ({ name: '', relationship: '', phone: '' })}>
        {(c, set, i) => (
          <>
            <TextField path={`${path}.${i}.name`} label="Name" required errors={errors} value={c.name} autoComplete="off" onChange={(name) => set({ ...c, name })} />
            <TextField path={`${path}.${i}.relationship`} label="Relationship" required errors={errors} value={c.relationship} onChange={(relationship) => set({ ...c, relationship })} />
            <TextField path={`${path}.${i}.phone`} label="Phone" required type="tel" inputMode="tel" errors={errors} value={c.phone} onChange={(phone) => set({ ...c, phone })} />
          </>
        )}
      </Rows>
    </fieldset>
  );
}
