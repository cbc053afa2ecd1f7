// An amount of money typed in dollars ("120", "120.50", "$1,200") and kept in cents, parsed by the one
// rule both sides use (contract/format.ts parseDollars), never by floating-point arithmetic.
import { useState } from 'react';
import { parseDollars, plainDollars } from '../../contract/wording';
import { TextField } from './studentForm/fields';
import type { Errors } from './studentForm/errors';

export const NOT_AN_AMOUNT = 'Enter an amount in dollars, like 120 or 120.50.';

type Props = { path: string; label: string; errors: Errors; hint?: string } & (
  | { optional?: false; cents: number; onChange: (cents: number) => void }
  /** Left empty: no amount (null). */
  | { optional: true; cents: number | null; onChange: (cents: number | null) => void }
);

/** Reports NaN while the text is not an amount (the schema refuses it, so nothing is saved) and says so once a save marked the field. */
export function MoneyField(props: Props) {
  const { path, label, hint, errors, cents } = props;
  const [text, setText] = useState(() => (cents !== null && Number.isFinite(cents) ? plainDollars(cents) : ''));
  const shown = errors[path] && parseDollars(text) === null && (!props.optional || text.trim()) ? { ...errors, [path]: NOT_AN_AMOUNT } : errors;
  return (
    <TextField
      path={path}
      label={label}
      hint={hint}
      errors={shown}
      value={text}
      inputMode="decimal"
      maxLength={12}
      onChange={(typed) => {
        setText(typed);
        if (props.optional) props.onChange(typed.trim() ? (parseDollars(typed) ?? Number.NaN) : null);
        else props.onChange(parseDollars(typed) ?? Number.NaN);
      }}
    />
  );
}
