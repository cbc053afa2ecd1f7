// Labelled form fields with their error next to them; errors come from the contract's schema.
import type { ReactNode } from 'react';
import { PROFILE_MAX } from '../../../contract/schemas';
import { fieldMessage, type Errors } from './errors';

/** The profile's limit for a field path ("guardians.0.phone" → phone), so typing stops at it. */
const maxLengthOf = (path: string): number | undefined => (PROFILE_MAX as Record<string, number>)[path.split('.').at(-1)!];

const idOf = (path: string) => `f-${path.replace(/\./g, '-')}`;

interface FieldProps {
  path: string;
  label: string;
  errors: Errors;
  hint?: string;
  required?: boolean;
}

function Wrap({ path, label, errors, hint, required, children }: FieldProps & { children: ReactNode }) {
  const error = errors[path];
  return (
    <div className="field">
      <label htmlFor={idOf(path)}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {hint && (
        <small id={`${idOf(path)}-hint`} className="muted">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${idOf(path)}-error`} className="field-error">
          {fieldMessage(label, error)}
        </small>
      )}
    </div>
  );
}

/** What ties a control to its label, hint and error (for screen readers): one place for every field. */
const controlProps = (path: string, errors: Errors, hint?: string) => ({
  id: idOf(path),
  'aria-invalid': !!errors[path],
  'aria-describedby': [hint ? `${idOf(path)}-hint` : '', errors[path] ? `${idOf(path)}-error` : ''].filter(Boolean).join(' ') || undefined,
});

export function TextField(
  props: FieldProps & { value: string; onChange: (v: string) => void; type?: string; autoComplete?: string; inputMode?: 'tel' | 'email' | 'text' | 'decimal'; maxLength?: number },
) {
  const { path, errors, value, onChange, type = 'text', autoComplete, inputMode, hint, required } = props;
  const maxLength = props.maxLength ?? maxLengthOf(path);
  return (
    <Wrap {...props}>
      <input
        {...controlProps(path, errors, hint)}
        className={`p-inputtext p-component${errors[path] ? ' p-invalid' : ''}`}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        required={required}
        onChange={(e) => onChange(e.target.value)}
      />
    </Wrap>
  );
}

export function TextArea(props: FieldProps & { value: string; onChange: (v: string) => void; maxLength?: number; autoComplete?: string }) {
  const { path, errors, value, onChange, hint, autoComplete } = props;
  const maxLength = props.maxLength ?? maxLengthOf(path);
  return (
    <Wrap {...props}>
      <textarea
        {...controlProps(path, errors, hint)}
        className="p-inputtextarea p-inputtext p-component"
        rows={3}
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Wrap>
  );
}

export function SelectField<T extends string | number>(
  props: FieldProps & { value: T; options: { value: T; label: string }[]; onChange: (v: T) => void },
) {
  const { path, errors, value, options, onChange, hint } = props;
  return (
    <Wrap {...props}>
      <select
        {...controlProps(path, errors, hint)}
        className="p-inputtext p-component"
        value={String(value)}
        onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)!.value)}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </Wrap>
  );
}

export function CheckboxField({ label, checked, onChange, error }: { label: ReactNode; checked: boolean; onChange: (v: boolean) => void; error?: string }) {
  return (
    <div className="field">
      <label className="checkbox-row">
        <input type="checkbox" checked={checked} aria-invalid={!!error} onChange={(e) => onChange(e.target.checked)} />
        <span>{label}</span>
      </label>
      {error && <small className="field-error">{error}</small>}
    </div>
  );
}

/** A question the family must answer; nothing is chosen for them. */
export function ChoiceField<T extends string | boolean>({
  path,
  legend,
  value,
  options,
  errors,
  onChange,
}: {
  path: string;
  legend: string;
  value: T | null;
  options: { value: T; label: string }[];
  errors: Errors;
  onChange: (v: T) => void;
}) {
  const error = errors[path];
  return (
    <fieldset className="radio-group" id={idOf(path)} aria-invalid={!!error} aria-describedby={error ? `${idOf(path)}-error` : undefined}>
      <legend>
        {legend}
        <span aria-hidden="true"> *</span>
      </legend>
      {options.map((o) => (
        <label key={String(o.value)} className="checkbox-row">
          <input type="radio" name={idOf(path)} checked={value === o.value} aria-invalid={!!error} onChange={() => onChange(o.value)} />
          {o.label}
        </label>
      ))}
      {error && (
        <small id={`${idOf(path)}-error`} className="field-error">
          Please answer: {legend}
        </small>
      )}
    </fieldset>
  );
}

export const YES_NO = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

/** Moves focus (and the view) to the first field marked invalid, after the errors render. */
export function focusFirstInvalid() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('.step [aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  });
}
