import type { Contact } from '../../../contract/domain';
import { removeAt, setAt, TextField } from './fields';
import { capitalized, type Errors } from './errors';
import { Button } from '../Button';

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
      {contacts.map((c, i) => (
        <div key={i} className="person-row" role="group" aria-label={`${noun} ${i + 1}`}>
          <TextField path={`${path}.${i}.name`} label="Name" required errors={errors} value={c.name} autoComplete="off" onChange={(name) => onChange(setAt(contacts, i, { ...c, name }))} />
          <TextField path={`${path}.${i}.relationship`} label="Relationship" required errors={errors} value={c.relationship} onChange={(relationship) => onChange(setAt(contacts, i, { ...c, relationship }))} />
          <TextField path={`${path}.${i}.phone`} label="Phone" required type="tel" inputMode="tel" errors={errors} value={c.phone} onChange={(phone) => onChange(setAt(contacts, i, { ...c, phone }))} />
          {contacts.length > min && (
            <button type="button" className="link-button remove-row" onClick={() => onChange(removeAt(contacts, i))}>
              Remove {noun.toLowerCase()} {i + 1}
            </button>
          )}
        </div>
      ))}
      <Button variant="text" onClick={() => onChange([...contacts, { name: '', relationship: '', phone: '' }])}>
        <span className="pi pi-plus" aria-hidden="true" />
        <span className="p-button-label">Add {noun.toLowerCase()}</span>
      </Button>
    </fieldset>
  );
}
