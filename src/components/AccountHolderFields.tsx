// Who holds a family's account (the parent the office calls, who signs for the family): its two
// fields, on Manage Account and, once, at the first checkout's review.
import type { AccountHolder } from '../../contract/domain';
import { accountHolderSchema } from '../../contract/schemas';
import { type Errors, schemaErrors } from './studentForm/errors';
import { TextField } from './studentForm/fields';

export const NO_HOLDER: AccountHolder = { name: '', phone: '' };

/** The fields' marks: what the contract refuses, at `holder.name` and `holder.phone`. */
export const holderErrors = (holder: AccountHolder): Errors =>
  Object.fromEntries(Object.entries(schemaErrors(accountHolderSchema, holder)).map(([path, message]) => [`holder.${path}`, message]));

export function AccountHolderFields({ value, onChange, errors }: { value: AccountHolder; onChange: (h: AccountHolder) => void; errors: Errors }) {
  return (
    <div className="form-grid">
      <TextField path="holder.name" label="Your name" required autoComplete="name" errors={errors} value={value.name} onChange={(name) => onChange({ ...value, name })} />
      <TextField path="holder.phone" label="Your phone" required type="tel" inputMode="tel" autoComplete="tel" errors={errors} value={value.phone} onChange={(phone) => onChange({ ...value, phone })} />
    </div>
  );
}

