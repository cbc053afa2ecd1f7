// "Download our data": everything the portal keeps about the family's account in one JSON file (the
// account, each child's profile and consents, enrollments and payments, waitlist places, attendance,
// and the emails sent). The file holds health information: said before it is saved.
import { useState } from 'react';
import { Button } from '../../components/Button';
import { downloadBlob } from '../../lib/download';
import { useNotify } from '../../lib/toast';
import { useMyData } from './api';

export function OurData() {
  const download = useMyData();
  const notify = useNotify();
  const [saved, setSaved] = useState<string | null>(null);
  const get = () =>
    download.mutate(null, {
      onSuccess: (data) => {
        downloadBlob(`our-data-${data.exportedAt.slice(0, 10)}.json`, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
        setSaved(`Saved: ${data.students.length} ${data.students.length === 1 ? 'child' : 'children'}, ${data.enrollments.length} ${data.enrollments.length === 1 ? 'enrollment' : 'enrollments'}, ${data.emails.length} ${data.emails.length === 1 ? 'email' : 'emails'}.`);
      },
      onError: () => notify({ severity: 'error', summary: 'Not done', detail: 'Could not gather your data. Please try again.' }),
    });
  return (
    <section className="account-section" aria-labelledby="our-data-heading">
      <h2 id="our-data-heading">Your data</h2>
      <p>
        One file with everything the portal keeps about your account: your children’s profiles (health information included), enrollments, payments, waitlist
        places, attendance and the emails we sent you. Keep it somewhere private.
      </p>
      <Button variant="outlined" disabled={download.isPending} onClick={get}>
        <span className="pi pi-download" aria-hidden="true" /> {download.isPending ? 'Gathering…' : 'Download our data'}
      </Button>
      {saved && (
        <p className="muted" role="status">
          {saved}
        </p>
      )}
    </section>
  );
}
