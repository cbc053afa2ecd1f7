import { useEffect, useRef, type ReactNode } from 'react';
import type { FamilyEnrollment } from '../../../../contract/domain';
import { formatCents } from '../../../../contract/format';
import { balanceDueLabel } from '../../../../contract/wording';
import { LinkButton } from '../../../components/Button';
import { PriceTable } from '../../../components/PriceTable';

/** A page's heading that takes the focus and the top of the page when it opens (from the bottom of the review step). */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

/** The success pages' word on the confirmation email (one email tells of every child of the checkout). */
export const emailSent = (children: number) => `We sent a confirmation email with the details${children > 1 ? ' of every child' : ''}.`;

/** What was enrolled, what it cost and what is due (for each child of a checkout), with the ways on: the success pages of either payment. */
export function EnrolledSummary({ enrollments, children }: { enrollments: FamilyEnrollment[]; children?: ReactNode }) {
  const table = (e: FamilyEnrollment) => (
    <PriceTable
      priced={e}
      caption={enrollments.length > 1 ? `What was enrolled for ${e.studentName} and what it costs` : 'What was enrolled and what it costs'}
      after={
        <tr>
          <th scope="row">{balanceDueLabel(e)}</th>
          <td className="num">{formatCents(e.balance)}</td>
        </tr>
      }
    />
  );
  return (
    <>
      {enrollments.length === 1
        ? table(enrollments[0])
        : enrollments.map((e) => (
            <section key={e.id} className="cart-child" aria-labelledby={`enrolled-${e.id}`}>
              <h2 id={`enrolled-${e.id}`}>{e.studentName}</h2>
              {table(e)}
            </section>
          ))}
      {children}
      <div className="step-actions">
        <LinkButton to="/account/enrollments" variant="outlined">
          <span className="p-button-label">See my enrollments</span>
        </LinkButton>
        <LinkButton to="/classes/enrollment">
          <span className="p-button-label">Enroll another student</span>
        </LinkButton>
      </div>
    </>
  );
}
