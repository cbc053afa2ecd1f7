import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import type { Enrollment } from '../../../../contract/domain';
import { formatCents } from '../../../../contract/format';
import { Markdown } from '../../../components/Markdown';
import { useSettings } from '../../../lib/settingsContext';
import { useFlow } from '../FlowContext';

/** After submit: what was enrolled, what is due and how to pay. */
export default function DoneStep() {
  const enrollment = (useLocation().state as { enrollment?: Enrollment } | null)?.enrollment;
  const settings = useSettings();
  const { finish } = useFlow();
  // The enrollment is done: the next one starts fresh (the server already deleted the draft).
  useEffect(() => finish(), [finish]);
  if (!enrollment) return <Navigate to="/account/enrollments" replace />;
  return (
    <div className="step done-step">
      <h1>
        <span className="pi pi-check-circle" aria-hidden="true" /> {enrollment.studentName} is enrolled
      </h1>
      <p>We sent a confirmation email with the details.</p>
      <ul>
        {enrollment.lineItems.map((l) => (
          <li key={l.id}>
            {l.title}: {formatCents(l.price)}
          </li>
        ))}
      </ul>
      <p>
        Total <strong>{formatCents(enrollment.total)}</strong> · balance due <strong>{formatCents(enrollment.balance)}</strong>
      </p>
      {enrollment.balance > 0 && (
        <section aria-labelledby="done-pay">
          <h2 id="done-pay">How to pay</h2>
          <Markdown text={settings.payment_instructions} />
        </section>
      )}
      <div className="step-actions">
        <Link to="/account/enrollments" className="p-button p-component p-button-outlined">
          <span className="p-button-label">See my enrollments</span>
        </Link>
        <Link to="/classes/enrollment" className="p-button p-component">
          <span className="p-button-label">Enroll another student</span>
        </Link>
      </div>
    </div>
  );
}
