// A family's page: a child's whole term cancelled at the family's request — every class of the term
// the child holds, with all paid for them back (to the card first, the rest as the office chooses),
// the child's waitlist places of the term and card checkouts of only that term ended, one email to
// the family. Asked twice before it is done; what was done is listed after.
import { useState } from 'react';
import type { TermCancellation } from '../../../contract/changes';
import type { Household } from '../../../contract/household';
import { EnumField } from '../../components/EnumField';
import { useCancelTerm } from './api';
import { BulkCancelDone, BulkCancelForm } from './BulkCancelForm';

export function CancelTerm({ household, onDone }: { household: Household; onDone: () => void }) {
  const cancel = useCancelTerm();
  const children = household.children.filter((c) => c.terms.length);
  const [studentId, setStudentId] = useState('');
  const [semesterId, setSemesterId] = useState('');
  const [done, setDone] = useState<TermCancellation | null>(null);
  // What is chosen, or the first there is (after a cancellation the page's list changes under the choice).
  const child = children.find((c) => c.id === studentId) ?? children[0];
  const term = child?.terms.find((t) => t.id === semesterId) ?? child?.terms[0];
  const first = child?.name.split(' ')[0] ?? 'the child';
  const shown = done && <BulkCancelDone done={done} />;
  if (!child || !term)
    return (
      <>
        <p className="empty-panel">No child holds a class, a checkout or a waitlist place in any term.</p>
        {shown}
      </>
    );
  return (
    <>
      <p className="muted">
        At the family’s request: every class the child holds in the term is cancelled with all the family paid for it back — to the card it paid with first, the rest as you choose — and the
        child’s waitlist places of the term end. The family gets one email. Running it again changes nothing more.
      </p>
      <BulkCancelForm
        idPrefix="cancel-term"
        what={`${first}’s ${term.name}`}
        warning={`This cancels every class ${first} holds in ${term.name} now and gives the family’s money back. It cannot be undone.`}
        pending={cancel.isPending}
        error={cancel.error}
        onRun={(asked, answered) =>
          cancel.mutate(
            { studentId: child.id, semesterId: term.id, ...asked },
            {
              onSuccess: ({ cancellation }) => {
                setDone(cancellation);
                answered();
                onDone();
              },
            },
          )
        }
      >
        <EnumField
          id="cancel-term-child"
          label="Child"
          values={children.map((c) => c.id)}
          labels={Object.fromEntries(children.map((c) => [c.id, c.name]))}
          value={child.id}
          onChange={(id) => {
            setStudentId(id);
            setSemesterId('');
          }}
        />
        <EnumField id="cancel-term-term" label="Term" values={child.terms.map((t) => t.id)} labels={Object.fromEntries(child.terms.map((t) => [t.id, t.name]))} value={term.id} onChange={setSemesterId} />
      </BulkCancelForm>
      {shown}
    </>
  );
}
