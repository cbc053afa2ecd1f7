// "Email the families" of the classes on the page: a subject and a message, a preview with
// the number of families first, then Send. Sent messages are listed with who sent them and when.
import { Card } from '../../components/Card';
import { useState } from 'react';
import type { ClassMessage } from '../../../contract/domain';
import { formatMoment } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/studentForm/fields';
import { FormFailure } from '../../components/FormFailure';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { newIdempotencyKey } from '../../lib/idempotencyKey';
import { useNotify } from '../../lib/toast';
import { useClassMessages } from './api';
import { useEmailClasses } from '../catalogueSetup/api';

const familiesText = (n: number) => (n === 1 ? '1 family' : `${n} families`);

export function ClassEmail({ classIds }: { classIds: string[] }) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const call = useEmailClasses();
  const notify = useNotify();
  const [preview, setPreview] = useState<{ families: number; unreachable: number; subject: string; text: string } | null>(null);
  const [toGuardians, setToGuardians] = useState(false);
  const [problem, setProblem] = useState('');
  // Names this message: Send pressed again after a failure (or twice) mails nobody twice.
  const [key, setKey] = useState(newIdempotencyKey);
  const ask = (send: boolean) => {
    if (!subject.trim() || !body.trim()) return setProblem('Write a subject and a message.');
    setProblem('');
    call.mutate(
      { classIds, subject: subject.trim(), body: body.trim(), send, ...(toGuardians ? { toGuardians } : {}), ...(send ? { idempotencyKey: key } : {}) },
      {
        onSuccess: (r) => {
          if (!send) return setPreview({ families: r.families, unreachable: r.unreachable, ...r.preview });
          notify({ severity: 'success', summary: 'Sent', detail: `Your message is on its way to ${familiesText(r.families)}.` });
          setPreview(null);
          setSubject('');
          setBody('');
          setKey(newIdempotencyKey());
        },
      },
    );
  };
  const edit = (change: () => void) => {
    change();
    setPreview(null);
    setKey(newIdempotencyKey());
  };
  return (
    <Card id="class-email-heading" title="Email the families" className="class-email no-print">
      <p className="muted">One email to each family with a child enrolled in {classIds.length === 1 ? 'this class' : 'these classes'} (and the guardians, where the family asked).</p>
      <div className="field">
        <label htmlFor="class-email-subject">Subject</label>
        <input id="class-email-subject" className="p-inputtext p-component" maxLength={120} value={subject} onChange={(e) => edit(() => setSubject(e.target.value))} />
      </div>
      <div className="field">
        <label htmlFor="class-email-body">Message</label>
        <textarea id="class-email-body" className="p-inputtextarea p-inputtext p-component" rows={5} maxLength={5000} value={body} onChange={(e) => edit(() => setBody(e.target.value))} />
      </div>
      <CheckboxField label="Send to the guardians' addresses too (on the children's profiles)" checked={toGuardians} onChange={(on) => edit(() => setToGuardians(on))} />
      {preview && (
        <div className="email-preview" aria-label="Email preview">
          <p role="status">
            <strong>{familiesText(preview.families)}</strong> will receive:
          </p>
          {preview.unreachable > 0 && (
            <p className="field-error">
              {preview.unreachable === 1 ? '1 family has' : `${preview.unreachable} families have`} no email address the portal can write to (no account email).
              {!toGuardians && " Tick \"Send to the guardians' addresses too\" to reach their guardians."}
            </p>
          )}
          <p>
            <strong>{preview.subject}</strong>
          </p>
          <pre>{preview.text}</pre>
        </div>
      )}
      <div className="row-actions">
        <Button variant="outlined" disabled={call.isPending} onClick={() => ask(false)}>
          Preview
        </Button>
        <Button disabled={call.isPending || !preview || preview.families === 0} onClick={() => ask(true)}>
          <span className="pi pi-send" aria-hidden="true" /> Send to {preview ? familiesText(preview.families) : 'the families'}
        </Button>
      </div>
      <FormFailure problem={problem} error={call.error} />
    </Card>
  );
}

export function SentMessages() {
  const [state, reload] = useClassMessages();
  if (state.status === 'loading') return <PageLoading label="Loading sent messages…" />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  return (
    <Card id="sent-heading" title="Messages sent to classes" className="no-print">
      {state.value.messages.length === 0 ? (
        <p className="muted">None yet. Choose classes, open their forms, and use "Email the families".</p>
      ) : (
        <ul className="sent-list">
          {state.value.messages.map((m: ClassMessage) => (
            <li key={m.id}>
              <strong>{m.subject}</strong> · {m.classTitles.join(', ')} · {familiesText(m.families)}
              <div className="muted">
                {formatMoment(m.sentAt)} by {m.sentBy}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
