// One enrollment's money for the office: what was bought, payments, cancellations; record a payment;
// cancel some or all classes with the refund the pricing engine suggests (editable).
import { Dialog } from 'primereact/dialog';
import { Link } from 'react-router-dom';
import { paymentKey, type Enrollment } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { ENROLLMENT_STATUS_LABELS, formatClock, formatDay } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { confirm } from '../../components/confirm';
import { useReleaseHold } from './api';
import { useActionToast } from '../../components/EditForm';
import { balanceOf, cardRefundedBy, discountBasis, discountName, moneyFigures } from '../../../contract/money';
import { declinedPayment, planWords } from '../../../contract/instalments';
import { changeWords } from '../../../contract/changes';
import { CancelForm } from './CancelForm';
import { MoveForm } from './MoveForm';
import { METHOD_LABEL } from './paymentMethod';
import { PaymentForm } from './PaymentForm';
import { DiscountForm } from './DiscountForm';
import { PaymentRow } from './PaymentRow';

/** Total, paid, refunded, net paid and balance: the same four words on every office screen and CSV. */
function MoneySummary({ enrollment: e }: { enrollment: Enrollment }) {
  return (
    <dl className="money-summary">
      {moneyFigures(e).map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{formatCents(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A monthly plan: how far paid, what comes, and a payment the card declined. */
function MonthlyPlanLine({ enrollment: e }: { enrollment: Enrollment }) {
  const declined = declinedPayment(e.instalments!, balanceOf(e));
  return (
    <p className="monthly-plan">
      {planWords(e.instalments!, balanceOf(e))}
      {declined && <span className="form-failure"> {declined.words}</span>}
    </p>
  );
}

/** The dialog: the enrollment's lines and money, and the two office actions. */
/** A card checkout stuck waiting: the office closes its Stripe page and gives its seats back. */
function ReleaseHold({ enrollment: e, onChange }: { enrollment: Enrollment; onChange: (e: Enrollment) => void }) {
  const release = useReleaseHold();
  const toast = useActionToast();
  const go = async () => {
    const yes = await confirm(`Release the seats held for ${e.studentName}? Their payment page closes and they can no longer pay on it.`, { yes: 'Release', danger: true });
    if (!yes) return;
    release.mutate(
      { enrollmentId: e.id },
      {
        onSuccess: (r) => {
          onChange(r.enrollment);
          toast.done(r.enrollment.status === 'expired' ? `The seats held for ${e.studentName} are free again.` : `${e.studentName}'s payment went through meanwhile: the enrollment is kept.`);
        },
        onError: toast.failed,
      },
    );
  };
  return (
    <p>
      Waiting for a card payment: seats held until {formatClock(e.hold?.expiresAt ?? e.createdAt)}.{' '}
      <Button variant="outlined" disabled={release.isPending} onClick={() => void go()}>
        <span className="p-button-label">Release the held seats</span>
      </Button>
    </p>
  );
}

export function EnrollmentMoney({
  enrollment,
  titles,
  onChange,
  onClose,
}: {
  enrollment: Enrollment;
  titles: Map<string, string>;
  onChange: (e: Enrollment) => void;
  onClose: () => void;
}) {
  const e = enrollment;
  return (
    <Dialog header={`${e.studentName} · enrolled ${formatDay(e.createdAt)}`} visible onHide={onClose} className="money-dialog" style={{ width: 'min(36rem, 95vw)' }} modal>
      <p>
        Status: <strong>{ENROLLMENT_STATUS_LABELS[e.status]}</strong>
        {e.flag && <span className="form-failure"> · {e.flag}</span>} · <Link to={`/admin/families/${e.ownerUid}`}>The family’s page</Link>
      </p>
      <ul className="plain-list">
        {e.lineItems.map((l) => (
          <li key={l.id}>
            {l.title} · {formatCents(l.price)}
            {l.addOns.map((a) => ` + ${a.description} ${formatCents(a.price)}`).join('')}
          </li>
        ))}
        {e.discounts.map((d) => (
          <li key={d.code}>
            {discountName(d)}
            {discountBasis(d)} · −{formatCents(d.amount)}
          </li>
        ))}
      </ul>
      <MoneySummary enrollment={e} />
      {e.instalments && <MonthlyPlanLine enrollment={e} />}
      {e.payments.length > 0 && (
        <>
          <h3>Payments</h3>
          <ul className="plain-list">
            {e.payments.map((p, i) => (
              <PaymentRow key={paymentKey(p, i)} enrollment={e} payment={p} paymentId={paymentKey(p, i)} onChange={onChange} />
            ))}
          </ul>
        </>
      )}
      {(e.cancellations ?? []).length > 0 && (
        <>
          <h3>Cancellations</h3>
          <ul className="plain-list">
            {e.cancellations!.map((c, i) => (
              <li key={i}>
                {formatDay(c.at)} · {changeWords(c)} · refund {formatCents(c.refund)}
                {(c.cardRefunds ?? []).map((r) => ` · ${formatCents(r.amount)} to card ending ${r.last4} (Stripe ${r.refundId}${r.failed ? `, failed: ${r.failed.reason}` : ''})`).join('')}
                {c.refundMethod && c.refundMethod !== 'card' && c.refund > cardRefundedBy(c) && ` · ${formatCents(c.refund - cardRefundedBy(c))} by ${METHOD_LABEL[c.refundMethod]}`}
                {c.fee > 0 && ` · fee kept ${formatCents(c.fee)}`}
                {c.note && ` · ${c.note}`} · by {c.by}
              </li>
            ))}
          </ul>
        </>
      )}
      {e.status === 'pending_payment' && <ReleaseHold enrollment={e} onChange={onChange} />}
      {(e.status === 'confirmed' || e.status === 'cancelled') && <PaymentForm key={`pay-${e.balance}`} enrollment={e} onChange={onChange} />}
      {e.status === 'confirmed' && <DiscountForm enrollment={e} onChange={onChange} />}
      <MoveForm key={`move-${e.classIds.join(',')}`} enrollment={e} titles={titles} onChange={onChange} />
      <CancelForm key={`cancel-${e.classIds.join(',')}`} enrollment={e} titles={titles} onChange={onChange} />
    </Dialog>
  );
}
