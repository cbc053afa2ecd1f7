import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useNotify } from '../../../lib/toast';
import { toCallError } from '../../../lib/query';

/** Runs a save, keeping its pending state and the server's message when it fails. */
export function useSave() {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');
  const run = async (save: () => Promise<void>) => {
    setSaving(true);
    setFailure('');
    try {
      await save();
    } catch (e) {
      setFailure(toCallError(e).message);
    } finally {
      setSaving(false);
    }
  };
  return { saving, failure, run };
}

/** An office edit form: heading, fields, the failure message, Cancel and Save. */
export function EditForm({
  title,
  cancelTo,
  saveLabel,
  saving,
  failure,
  onSubmit,
  children,
}: {
  title: string;
  cancelTo: string;
  saveLabel: string;
  saving: boolean;
  failure: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!saving) onSubmit();
  };
  return (
    <form className="step admin-form" onSubmit={submit} noValidate>
      <h1>{title}</h1>
      {children}
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
      <div className="step-actions">
        <Link to={cancelTo} className="p-button p-component p-button-outlined">
          <span className="p-button-label">Cancel</span>
        </Link>
        <button type="submit" className="p-button p-component" disabled={saving}>
          <span className="p-button-label">{saving ? 'Saving…' : saveLabel}</span>
        </button>
      </div>
    </form>
  );
}

/** Asks, runs an office action, then says what happened (or what went wrong) in a toast. */
export function useConfirmedAction() {
  const notify = useNotify();
  return (question: string, action: () => Promise<unknown>, done: string, after?: () => void) => {
    if (!window.confirm(question)) return;
    action().then(
      () => {
        notify({ severity: 'success', summary: 'Done', detail: done });
        after?.();
      },
      (e: unknown) => notify({ severity: 'error', summary: 'Not done', detail: toCallError(e).message }),
    );
  };
}

/**
 * Runs office actions one at a time: `busy` names the one running; success says the action's own
 * message in a toast; failure keeps the server's message in `failure` and toasts it.
 */
export function useOfficeAction() {
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const run = async (key: string, action: () => Promise<string>): Promise<boolean> => {
    setBusy(key);
    setFailure('');
    try {
      notify({ severity: 'success', summary: 'Done', detail: await action() });
      return true;
    } catch (e) {
      const message = toCallError(e).message;
      setFailure(message);
      notify({ severity: 'error', summary: 'Not done', detail: message });
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, failure, setFailure, run };
}
