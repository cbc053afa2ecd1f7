import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { FamilyEnrollment } from '../../../../contract/domain';
import { Markdown } from '../../../components/Markdown';
import { useSettings } from '../../../lib/settingsContext';
import { useFlow } from '../FlowContext';
import { EnrolledSummary, PageHeading } from './EnrolledSummary';

/** After submit: what was enrolled, what is due and how to pay. */
export default function DoneStep() {
  const enrollment = (useLocation().state as { enrollment?: FamilyEnrollment } | null)?.enrollment;
  const settings = useSettings();
  const { finish } = useFlow();
  // The enrollment is done: the next one starts fresh (the server already deleted the draft).
  useEffect(() => finish(), [finish]);
  if (!enrollment) return <Navigate to="/account/enrollments" replace />;
  return (
    <div className="step done-step">
      <PageHeading>
        <span className="pi pi-check-circle" aria-hidden="true" /> {enrollment.studentName} is enrolled
      </PageHeading>
      <p>We sent a confirmation email with the details.</p>
      <EnrolledSummary enrollment={enrollment}>
        {enrollment.balance > 0 && (
          <section aria-labelledby="done-pay">
            <h2 id="done-pay">How to pay</h2>
            <Markdown text={settings.payment_instructions} />
          </section>
        )}
      </EnrolledSummary>
    </div>
  );
}
