// "Download our data": everything the portal keeps about the family's account, as one JSON file or as
// a readable PDF of the same contents (the account, each child's profile and consents, enrollments and
// payments, waitlist places, attendance, and the emails sent). The file holds health information: said
// before it is saved. The office makes the same files from a family's page, at the family's request.
import { useState } from 'react';
import type { FamilyData } from '../../../contract/family';
import { counted } from '../../../contract/format';
import { Button } from '../../components/Button';
import { downloadBlob } from '../../lib/download';
import { useNotify } from '../../lib/toast';
import { useMyData } from './api';
import { familyDataLines } from './familyDataLines';
import { savePdf } from './receipt';

type Gather = (done: { onSuccess: (data: FamilyData) => void; onError: () => void }) => void;

/** The two downloads, each gathering the data afresh (each is in the audit trail). */
export function DataDownload({ gather, pending, idPrefix }: { gather: Gather; pending: boolean; idPrefix: string }) {
  const notify = useNotify();
  const [saved, setSaved] = useState<string | null>(null);
  const [writing, setWriting] = useState<'json' | 'pdf' | null>(null);
  const get = (as: 'json' | 'pdf') => {
    setWriting(as);
    gather({
      onSuccess: async (data) => {
        const name = `our-data-${data.exportedAt.slice(0, 10)}`;
        try {
          if (as === 'json') downloadBlob(`${name}.json`, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
          else await savePdf(`${name}.pdf`, familyDataLines(data), `Made ${data.exportedAt.slice(0, 10)}`);
          setSaved(`Saved: ${counted(data.students.length, 'child', 'children')}, ${counted(data.enrollments.length, 'enrollment', 'enrollments')}, ${counted(data.emails.length, 'email', 'emails')}.`);
        } catch {
          notify({ severity: 'error', summary: 'Not done', detail: 'Could not write the file. Please try again.' });
        } finally {
          setWriting(null);
        }
      },
      onError: () => {
        setWriting(null);
        notify({ severity: 'error', summary: 'Not done', detail: 'Could not gather the data. Please try again.' });
      },
    });
  };
  const busy = pending || writing !== null;
  return (
    <>
      <div className="inline-actions">
        <Button variant="outlined" disabled={busy} onClick={() => get('json')} id={`${idPrefix}-json`}>
          <span className="pi pi-download" aria-hidden="true" /> {writing === 'json' ? 'Gathering…' : 'Download our data'}
        </Button>
        <Button variant="outlined" disabled={busy} onClick={() => get('pdf')} id={`${idPrefix}-pdf`}>
          <span className="pi pi-file-pdf" aria-hidden="true" /> {writing === 'pdf' ? 'Writing…' : 'Readable copy (PDF)'}
        </Button>
      </div>
      {saved && (
        <p className="muted" role="status">
          {saved}
        </p>
      )}
    </>
  );
}

export function OurData() {
  const download = useMyData();
  return (
    <section className="account-section" aria-labelledby="our-data-heading">
      <h2 id="our-data-heading">Your data</h2>
      <p>
        Everything the portal keeps about your account: your children’s profiles (health information included), enrollments, payments, waitlist places, attendance and the
        emails we sent you — as one data file (JSON) or as a readable copy (PDF). Keep it somewhere private.
      </p>
      <DataDownload gather={(done) => download.mutate(null, done)} pending={download.isPending} idPrefix="our-data" />
    </section>
  );
}
