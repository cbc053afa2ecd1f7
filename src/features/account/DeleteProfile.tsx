// My Students: deleting a child's profile, asked first in the page (what is erased, what stays). The
// server refuses while the child still has a class to go to, a waitlist place or a round's entry, and
// says what to do first.
import { useState } from 'react';
import type { Student } from '../../../contract/domain';
import { Button } from '../../components/Button';
import { FormFailure } from '../../components/FormFailure';
import { useNotify } from '../../lib/toast';
import { useDeleteStudent } from './api';

export function DeleteProfile({ student: s }: { student: Pick<Student, 'id' | 'firstName'> }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteStudent();
  const notify = useNotify();
  if (!asking) {
    return (
      <Button variant="text" className="delete-profile" onClick={() => setAsking(true)}>
        <span className="p-button-label">
          Delete {s.firstName}’s profile
        </span>
      </Button>
    );
  }
  return (
    <div className="delete-confirm" role="group" aria-label={`Delete ${s.firstName}’s profile`}>
      <p>
        This erases {s.firstName}’s profile: health and safety information, contacts, pickup people and codes. Receipts and payments stay, without {s.firstName}’s name. It cannot be
        undone.
      </p>
      <FormFailure error={remove.error} />
      <div className="row-actions">
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ studentId: s.id }, { onSuccess: () => notify({ severity: 'success', summary: 'Deleted', detail: `${s.firstName}’s profile is deleted.` }) })}
        >
          <span className="p-button-label">{remove.isPending ? 'Deleting…' : `Delete ${s.firstName}’s profile for good`}</span>
        </Button>
        <Button variant="outlined" disabled={remove.isPending} onClick={() => {
            setAsking(false);
            remove.reset();
          }}>
          <span className="p-button-label">Keep it</span>
        </Button>
      </div>
    </div>
  );
}
