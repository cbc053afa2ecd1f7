// The Enrollments page, filtered by a class: the school cancels that class for everyone. What each
// family gets back is everything it paid for the class, to its cards first; the office chooses how the
// rest goes back (account credit, or from the office). Asked twice before it is done; what was done
// is listed after.
import { useState } from 'react';
import type { ClassCancellation } from '../../../contract/changes';
import { Card } from '../../components/Card';
import { useCancelClass } from './api';
import { BulkCancelDone, BulkCancelForm } from './BulkCancelForm';

export function CancelWholeClass({ classId, title, onDone }: { classId: string; title: string; onDone: () => void }) {
  const cancel = useCancelClass();
  const [done, setDone] = useState<ClassCancellation | null>(null);
  return (
    <Card id="cancel-whole-class" title={`Cancel ${title} for everyone`} className="cancel-whole-class">
      <p className="muted">
        For a class the school cannot hold: it leaves enrollment, its waitlist ends, card checkouts still being paid end, and every family gets back all it paid for the class — to the card it
        paid with first, the rest as you choose below. Each family gets one email. Running it again changes nothing more.
      </p>
      <BulkCancelForm
        idPrefix="cancel-class"
        what={`${title} for everyone`}
        warning={`This cancels ${title} for every family now and gives their money back. It cannot be undone.`}
        pending={cancel.isPending}
        error={cancel.error}
        onRun={(asked, answered) =>
          cancel.mutate(
            { classId, ...asked },
            {
              onSuccess: ({ cancellation }) => {
                setDone(cancellation);
                answered();
                onDone();
              },
            },
          )
        }
      />
      {done && <BulkCancelDone done={done} />}
    </Card>
  );
}
