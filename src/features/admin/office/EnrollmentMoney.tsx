// One enrollment's money for the office: what was bought, payments, cancellations; record a payment;
// cancel some or all classes with the refund the pricing engine suggests (editable).
import { Dialog } from 'primereact/dialog';
import { paymentKey, type Enrollment } from '../../../../contract/domain';
import { ENROLLMENT_STATUS_LABELS, formatCents, formatDay } from '../../../../contract/format';
import { moneyFigures } from '../../../../contract/money';
import { CancelForm } from './CancelForm';
import { METHOD_LABEL } from './paymentMethod';
import { PaymentForm } from './PaymentForm';
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

/** The dialog: the enrollment's lines and money, and the two office actions. */
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
        {e.flag && <span className="form-failure"> · {e.flag}</span>}
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
            {d.code} ({d.description}) · −{formatCents(d.amount)}
          </li>
        ))}
      </ul>
      <MoneySummary enrollment={e} />
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
                {formatDay(c.at)} · {c.classTitles.join(', ')} · refund {formatCents(c.refund)}
                {c.refundMethod && ` by ${METHOD_LABEL[c.refundMethod]}`}
                {c.fee > 0 && ` · fee kept ${formatCents(c.fee)}`}
                {c.note && ` · ${c.note}`} · by {c.by}
              </li>
            ))}
          </ul>
        </>
      )}
      <PaymentForm key={`pay-${e.balance}`} enrollment={e} onChange={onChange} />
      <CancelForm key={`cancel-${e.classIds.join(',')}`} enrollment={e} titles={titles} onChange={onChange} />
    </Dialog>
  );
}
