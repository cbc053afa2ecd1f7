import { useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Enrollment } from '../../../../contract/domain';
import { formatCents } from '../../../../contract/format';
import { Markdown } from '../../../components/Markdown';
import { PriceTable } from '../../../components/PriceTable';
import { useSettings } from '../../../lib/settingsContext';
import { useFlow } from '../FlowContext';
import { LinkButton } from '../../../components/Button';

/** After submit: what was enrolled, what is due and how to pay. */
export default function DoneStep() {
  const enrollment = (useLocation().state as { enrollment?: Enrollment } | null)?.enrollment;
  const settings = useSettings();
  const { finish } = useFlow();
  const heading = useRef<HTMLHeadingElement>(null);
  // The enrollment is done: the next one starts fresh (the server already deleted the draft).
  useEffect(() => finish(), [finish]);
  // Opened from the bottom of the review step: start at the top, on the "… is enrolled" heading.
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, []);
  if (!enrollment) return <Navigate to="/account/enrollments" replace />;
  return (
    <div className="step done-step">
      <h1 ref={heading} tabIndex={-1}>
        <span className="pi pi-check-circle" aria-hidden="true" /> {enrollment.studentName} is enrolled
      </h1>
      <p>We sent a confirmation email with the details.</p>
      <PriceTable
        priced={enrollment}
        caption="What was enrolled and what it costs"
        after={
          <tr>
            <th scope="row">Balance due</th>
            <td className="num">{formatCents(enrollment.balance)}</td>
          </tr>
        }
      />
      {enrollment.balance > 0 && (
        <section aria-labelledby="done-pay">
          <h2 id="done-pay">How to pay</h2>
          <Markdown text={settings.payment_instructions} />
        </section>
      )}
      <div className="step-actions">
        <LinkButton to="/account/enrollments" variant="outlined">
          <span className="p-button-label">See my enrollments</span>
        </LinkButton>
        <LinkButton to="/classes/enrollment">
          <span className="p-button-label">Enroll another student</span>
        </LinkButton>
      </div>
    </div>
  );
}
