// An amount of money typed in dollars ("120", "120.50", "$1,200") and kept in cents, parsed by the one
// rule both sides use (contract/format.ts parseDollars), never by floating-point arithmetic.
import { useState } from 'react';
import { parseDollars, plainDollars } from '../../contract/format';
import { TextField, type Errors } from './studentForm/fields';

export const NOT_AN_AMOUNT = 'Enter an amount in dollars, like 120 or 120.50.';

/** Reports NaN while the text is not an amount (the schema refuses it, so nothing is saved) and says so once a save marked the field. */
export function MoneyField(props: { path: string; label: string; errors: Errors; hint?: string; cents: number; onChange: (cents: number) => void }) {
  const { path, errors, cents, onChange } = props;
  const [text, setText] = useState(() => (Number.isFinite(cents) ? plainDollars(cents) : ''));
  const shown = errors[path] && parseDollars(text) === null ? { ...errors, [path]: NOT_AN_AMOUNT } : errors;
  return (
    <TextField
      {...props}
      errors={shown}
      value={text}
      inputMode="decimal"
      maxLength={12}
      onChange={(typed) => {
        setText(typed);
        onChange(parseDollars(typed) ?? Number.NaN);
      }}
    />
  );
}
