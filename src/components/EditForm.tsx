import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { confirm } from './confirm';
import { schemaErrors, type Errors } from './studentForm/errors';
import { failureText } from '../lib/query';
import { useNotify } from '../lib/toast';
import { Button, LinkButton } from './Button';

/** An office edit form: heading, fields, the save's failure message, Cancel and Save. */
export function EditForm({
  title,
  cancelTo,
  saveLabel,
  mutation,
  onSubmit,
  children,
}: {
  title: string;
  cancelTo: string;
  saveLabel: string;
  /** The save: pending while it runs, its error until the next try. */
  mutation: { isPending: boolean; error: unknown };
  onSubmit: () => void;
  children: ReactNode;
}) {
  const failure = failureText(mutation.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!mutation.isPending) onSubmit();
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
        <LinkButton to={cancelTo} variant="outlined">
          <span className="p-button-label">Cancel</span>
        </LinkButton>
        <Button type="submit" disabled={mutation.isPending}>
          <span className="p-button-label">{mutation.isPending ? 'Saving…' : saveLabel}</span>
        </Button>
      </div>
    </form>
  );
}

/** Says in a toast how an office action ended: its own message, or the server's. */
export function useActionToast() {
  const notify = useNotify();
  return {
    done: (detail: string) => notify({ severity: 'success', summary: 'Done', detail }),
    failed: (e: unknown) => notify({ severity: 'error', summary: 'Not done', detail: failureText(e) }),
  };
}

type Callbacks = { onSuccess: () => void; onError: (e: unknown) => void };

/** A delete button's `busy` and `remove` for a mutation of `payload`: the row's id, mostly. */
export const deleteBy = <P,>(mutation: { isPending: boolean; mutate: (payload: P, callbacks: Callbacks) => void }, payload: P) => ({
  busy: mutation.isPending,
  remove: (callbacks: Callbacks) => mutation.mutate(payload, callbacks),
});

/** "Delete <name>" as a link-style button: asks `question`, deletes, then says `done` (or the failure) in a toast. */
export function DeleteButton({
  name,
  question,
  done,
  busy,
  remove,
  label = 'Delete',
}: {
  name: string;
  /** The button's word, and the confirming answer (Delete, Remove). */
  label?: string;
  question: string;
  done: string;
  busy: boolean;
  remove: (callbacks: Callbacks) => void;
}) {
  const toast = useActionToast();
  return (
    <button
      type="button"
      className="link-button danger"
      disabled={busy}
      onClick={async () => {
        if (await confirm(question, { yes: label, danger: true })) remove({ onSuccess: () => toast.done(done), onError: toast.failed });
      }}
    >
      {label}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}

/** A list row's two actions: the link to its form and its delete button, both named for the row for screen readers. */
export function EditAndDelete({ to, edit = 'Edit', editName, ...del }: { to: string; edit?: string; editName?: string } & Parameters<typeof DeleteButton>[0]) {
  return (
    <>
      <Link to={to}>
        {edit}
        <span className="visually-hidden"> {editName ?? del.name}</span>
      </Link>
      <DeleteButton {...del} />
    </>
  );
}

/**
 * An office save of `payload` (the form as it is now) checked first against the contract's schema:
 * the fields it refuses are marked (`errors`) and nothing is sent; once a save was tried the marks
 * follow the form, so a field loses its mark as soon as it is fixed. Else the mutation runs and, once
 * saved, a toast says `saved(answer).message` and the office goes to `saved(answer).to`.
 */
export function useCheckedSave<P, R>(
  schema: Parameters<typeof schemaErrors>[0],
  payload: P,
  mutation: { mutate: (payload: P, options: { onSuccess: (answer: R) => void }) => void },
  saved: (answer: R) => { message: string; to: string },
) {
  const [tried, setTried] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();
  const errors: Errors = tried ? schemaErrors(schema, payload) : {};
  const save = () => {
    setTried(true);
    if (Object.keys(schemaErrors(schema, payload)).length) return;
    mutation.mutate(payload, {
      onSuccess: (answer) => {
        const { message, to } = saved(answer);
        notify({ severity: 'success', summary: 'Saved', detail: message });
        navigate(to);
      },
    });
  };
  return { errors, save };
}
