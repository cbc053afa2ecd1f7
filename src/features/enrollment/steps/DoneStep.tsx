import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import type { FamilyEnrollment, FamilyWaitlistEntry } from '../../../../contract/domain';
import { andList, ordinal } from '../../../../contract/format';
import { Markdown } from '../../../components/Markdown';
import { useSettings } from '../../../lib/settingsContext';
import { useFlow } from '../FlowContext';
import { EnrolledSummary, PageHeading, emailSent } from './EnrolledSummary';

/** After submit: what was enrolled, what is due and how to pay (or the place on the waitlist). */
export default function DoneStep() {
  const { enrollments, entry } = (useLocation().state as { enrollments?: FamilyEnrollment[]; entry?: FamilyWaitlistEntry } | null) ?? {};
  const settings = useSettings();
  const { finish } = useFlow();
  // The enrollment is done: the next one starts fresh (the server already deleted the draft).
  useEffect(() => finish(), [finish]);
  if (entry) {
    return (
      <div className="step done-step">
        <PageHeading>
          <span className="pi pi-clock" aria-hidden="true" /> {entry.studentName} is on the waitlist
        </PageHeading>
        <p>
          {entry.studentName} is {entry.place ? `${ordinal(entry.place)} in line` : 'on the list'} for <strong>{entry.title}</strong>. Nothing is charged now: when a seat
          frees up we hold it and email you, and you claim it from <Link to="/account/enrollments">My Enrollments</Link>.
        </p>
      </div>
    );
  }
  if (!enrollments?.length) return <Navigate to="/account/enrollments" replace />;
  const owed = enrollments.some((e) => e.balance > 0);
  const payHow = owed && (
    <section aria-labelledby="done-pay">
      <h2 id="done-pay">How to pay</h2>
      <Markdown text={settings.payment_instructions} />
    </section>
  );
  return (
    <div className="step done-step">
      <PageHeading>
        <span className="pi pi-check-circle" aria-hidden="true" /> {andList(enrollments.map((e) => e.studentName))} {enrollments.length > 1 ? 'are' : 'is'} enrolled
      </PageHeading>
      <p>{emailSent(enrollments.length)}</p>
      <EnrolledSummary enrollments={enrollments}>{payHow}</EnrolledSummary>
    </div>
  );
}
