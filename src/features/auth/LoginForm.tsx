// The sign-in / create-account screen, to the letter of the specification.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputText, type InputTextProps } from 'primereact/inputtext';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { createAccountWithEmail, sendPasswordReset, signInWithEmail } from '../../lib/auth';
import { useNotify } from '../../lib/toast';
import { authErrorCode, describeAuthError } from './authErrors';
import {
  hasErrors,
  initialLoginForm,
  showResetSuggestion,
  validateLogin,
  type LoginFormState,
  type LoginRequestState,
} from './loginState';
import { Prime } from '../../components/Prime';

export interface LoginFormProps {
  /** Start in account-creation mode. */
  create?: boolean;
  /** Inside another page (the enrollment stepper): the hint switches mode in place instead of linking. */
  embedded?: boolean;
  onSuccess?: () => void;
}

export function LoginForm({ create = false, embedded = false, onSuccess }: LoginFormProps) {
  const notify = useNotify();
  const [form, setForm] = useState<LoginFormState>(() => initialLoginForm(create));
  const [request, setRequest] = useState<LoginRequestState>('Idle');
  const [failure, setFailure] = useState('');
  const creating = !!form.newAccountCreation;
  const showFields = !creating || form.newAccountCreation?.method === 'email';
  const errors = validateLogin(form);
  const showErrors = request === 'Invalid';

  const update = (patch: Partial<LoginFormState>) => setForm((f) => ({ ...f, ...patch }));
  // "Create With Email" goes away as the fields come, and "Pick different account type" with them:
  // the keyboard's focus goes on to what takes their place (the email field, or the choice again).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [showFields]);
  const toggleMode = () => {
    setForm((f) => ({ ...f, newAccountCreation: f.newAccountCreation ? undefined : {} }));
    setRequest('Idle');
    setFailure('');
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (request === 'Pending') return;
    if (hasErrors(errors)) {
      setRequest('Invalid');
      return;
    }
    setRequest('Pending');
    setFailure('');
    try {
      if (creating) await createAccountWithEmail(form.email.trim(), form.password);
      else await signInWithEmail(form.email.trim(), form.password);
      setRequest('Success');
      notify({ severity: 'success', summary: 'Success', detail: creating ? 'Created account!' : 'Logged in!' });
      // Enrolling needs the address proven: said now, not first at the review step.
      if (creating) notify({ severity: 'info', summary: 'Confirm your email', detail: `We emailed a link to ${form.email.trim()}: open it to confirm your address before you enroll.` });
      onSuccess?.();
    } catch (err) {
      const code = authErrorCode(err);
      setRequest('Failure');
      setFailure(describeAuthError(code));
      // The toast names the identity provider's code; the form says it in words.
      notify({ severity: 'error', summary: 'Error', detail: `${creating ? 'Failed to create account' : 'Failed to log in'}: ${code}` });
    }
  }

  async function resetPassword() {
    try {
      await sendPasswordReset(form.email.trim());
      notify({ severity: 'success', summary: 'Success', detail: 'Sent reset email!' });
    } catch (err) {
      notify({ severity: 'error', summary: 'Error', detail: `Could not send the reset email. ${describeAuthError(authErrorCode(err))}` });
    }
  }

  const hintText = creating ? 'Already have an account? Sign in.' : 'First time? Create an account.';
  const hint = embedded ? (
    <button type="button" className="link-button" onClick={toggleMode}>
      {hintText}
    </button>
  ) : (
    <Link to={creating ? '/user/login' : '/user/create'}>{hintText}</Link>
  );

  return (
    <Prime>
      <Card title="Sign In or Create Account" className="login-card">
        <p className="login-hint">{hint}</p>
        {creating && !form.newAccountCreation?.method && (
          <Button
            id="create-with-email"
            type="button"
            label="Create With Email"
            icon="pi pi-envelope"
            className="w-full"
            onClick={() => {
              update({ newAccountCreation: { method: 'email' } });
              focusNext.current = 'login-email';
            }}
          />
        )}
        {showFields && (
          <form onSubmit={submit} noValidate className="login-form">
            {creating && (
              <Button
                type="button"
                label="Pick different account type"
                icon="pi pi-arrow-left"
                text
                onClick={() => {
                  setForm({ email: '', password: '', newAccountCreation: {} });
                  focusNext.current = 'create-with-email';
                  setRequest('Idle');
                  setFailure('');
                }}
              />
            )}
            <LoginInput
              name="email"
              label="Email"
              messages={showErrors ? errors.email : []}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={form.email}
              onChange={(e) => update({ email: e.target.value })}
            />
            <LoginInput
              name="password"
              label="Password"
              messages={showErrors ? errors.password : []}
              type="password"
              autoComplete={creating ? 'new-password' : 'current-password'}
              value={form.password}
              onChange={(e) => update({ password: e.target.value })}
            />
            {failure && (
              <p className="form-failure" role="alert">
                {failure}
              </p>
            )}
            {showResetSuggestion(request, form) && (
              <p className="reset-suggestion" role="note">
                Forgot your password?{' '}
                <button type="button" className="link-button" onClick={resetPassword}>
                  Send a password reset email.
                </button>
              </p>
            )}
            <Button
              type="submit"
              label={creating ? 'Create Account' : 'Sign In'}
              loading={request === 'Pending'}
              className="w-full"
            />
          </form>
        )}
      </Card>
    </Prime>
  );
}

/** A labelled input of the form with its errors next to it (the form shows them once submitted). */
function LoginInput({ name, label, messages, ...input }: { name: 'email' | 'password'; label: string; messages: string[] } & InputTextProps) {
  const id = `login-${name}`;
  const invalid = messages.length > 0;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <InputText id={id} {...input} invalid={invalid} aria-invalid={invalid} aria-describedby={invalid ? `${id}-error` : undefined} />
      {invalid && (
        <small id={`${id}-error`} className="field-error">
          {messages.join(', ')}
        </small>
      )}
    </div>
  );
}
