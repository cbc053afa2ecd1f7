// A child's pickup codes on My Students: which adults have one for this school year, and new codes
// made on request — shown this once (the school keeps only a check value), to be passed on to each
// adult. New codes replace the old ones; a code from an earlier school year no longer passes.
import { useState } from 'react';
import type { Student } from '../../../contract/domain';
import { adultsWhoMayCollect, type PickupCodesStatus } from '../../../contract/field';
import { andList, formatDate } from '../../../contract/format';
import { schoolToday } from '../../../contract/schedule';
import { Button } from '../../components/Button';
import { toCallError } from '../../lib/query';
import { useIssuePickupCodes } from './api';

export function PickupCodes({ student, status }: { student: Student; status: PickupCodesStatus | undefined }) {
  const issue = useIssuePickupCodes();
  const [shown, setShown] = useState<{ year: string; codes: { name: string; code: string }[]; emailed: string[] } | null>(null);
  const [failure, setFailure] = useState('');
  const adults = adultsWhoMayCollect(student);
  const without = adults.filter((a) => !status?.adults.includes(a));
  const make = async () => {
    setFailure('');
    try {
      setShown(await issue.mutateAsync({ studentId: student.id }));
    } catch (e) {
      setFailure(toCallError(e).message);
    }
  };
  return (
    <section className="pickup-codes" aria-label={`Pickup codes for ${student.firstName}`}>
      <h3>Pickup codes</h3>
      {shown ? (
        <div role="status">
          <p>
            <strong>{student.firstName}’s pickup codes for {shown.year}.</strong> Give each adult their own code now: they are not shown again. The instructor
            asks for it before letting {student.firstName} go.
          </p>
          {shown.emailed.length > 0 && <p>We emailed {andList(shown.emailed)} their own code.</p>}
          <ul className="plain-list pickup-code-list">
            {shown.codes.map((c) => (
              <li key={c.name}>
                {c.name}: <strong className="pickup-code-value">{c.code}</strong>
              </li>
            ))}
          </ul>
          <Button variant="outlined" onClick={() => setShown(null)}>
            I have noted them
          </Button>
        </div>
      ) : (
        <>
          <p className="muted">
            {status && status.adults.length
              ? `For ${status.year}, made ${formatDate(schoolToday(new Date(status.issuedAt)))}: ${status.adults.join(', ')}.`
              : 'None for this school year: the instructor asks each adult for their code before letting your child go.'}
            {status && without.length > 0 && ` No code yet: ${without.join(', ')}.`}
          </p>
          {failure && (
            <p className="form-failure" role="alert">
              {failure}
            </p>
          )}
          {status?.oldCodesUntil && (
            <p className="pickup-old-codes">
              An instructor’s phone that took {student.firstName}’s class offline before these codes were made may still accept an older code until{' '}
              {formatDate(status.oldCodesUntil)} if it has no signal. Such a release is flagged, and you and the office are told at once; the phone takes the new codes
              as soon as it has a signal.
            </p>
          )}
          {status && <p className="muted">New codes replace the ones made before.</p>}
          <Button variant="outlined" onClick={make} disabled={issue.isPending || !adults.length}>
            {issue.isPending ? 'Making the codes…' : status ? 'Make new codes' : 'Make pickup codes'}
            <span className="visually-hidden"> for {student.firstName}</span>
          </Button>
        </>
      )}
    </section>
  );
}
