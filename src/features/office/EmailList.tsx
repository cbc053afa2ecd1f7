// A class's guardian emails, ready to paste into a message (not printed).
import type { SheetRoster } from '../../../contract/domain';
import { Button } from '../../components/Button';
import { useNotify } from '../../lib/toast';
import { guardianEmails } from '../../lib/studentText';

/** Every guardian email of the class once, with Copy all. */
export function EmailList({ roster }: { roster: SheetRoster }) {
  const notify = useNotify();
  const emails = guardianEmails(roster.entries.map((e) => e.student));
  const id = `emails-${roster.class.id}`;
  const copy = () =>
    navigator.clipboard.writeText(emails.join(', ')).then(
      () => notify({ severity: 'success', summary: 'Copied', detail: `${emails.length} email addresses copied.` }),
      () => notify({ severity: 'error', summary: 'Not copied', detail: 'Copying was not allowed. Select the list and copy it instead.' }),
    );
  return (
    <div className="email-list no-print">
      <div className="card-header">
        <label htmlFor={id} className="sheet-subtitle">
          Class email list ({emails.length})
        </label>
        <Button variant="outlined" className="p-button-sm no-print" onClick={() => void copy()} disabled={!emails.length}>
          <span className="pi pi-copy" aria-hidden="true" /> Copy all<span className="visually-hidden"> emails of {roster.class.title}</span>
        </Button>
      </div>
      <textarea id={id} className="p-inputtext p-component" readOnly rows={Math.min(6, Math.max(2, Math.ceil(emails.length / 3)))} value={emails.join(', ')} />
    </div>
  );
}
