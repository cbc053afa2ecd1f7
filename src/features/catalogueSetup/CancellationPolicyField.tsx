// A semester's cancellation policy, or a class's own: by notice before a class's first meeting, what a
// cancellation gets back (a percent of what the classes cost, less a fee; to the card, or as account
// credit for the next enrollment), and whether families may
// cancel by themselves inside it (My Enrollments shows them the outcome first; otherwise they send the
// office a request). A semester without one: every cancellation is the office's; a class without its
// own: its semester's.
import type { CancellationPolicy, NoticeBand, TransferRule } from '../../../contract/changes';
import { Button } from '../../components/Button';
import { MoneyField } from '../../components/MoneyField';
import { TextField } from '../../components/studentForm/fields';
import { wholeOrNull, type Errors } from '../../components/studentForm/errors';

/** How a policy moves a child to another class of the term, in the office's words. */
const TRANSFER_CHOICES: [TransferRule | '', string][] = [
  ['', 'The office decides each move'],
  ['difference', 'Families pay the price difference'],
  ['free', 'At no charge'],
  ['refused', 'Not moved'],
];

const STARTER: CancellationPolicy = { selfService: true, bands: [{ daysBefore: 14, percent: 100, fee: 0 }] };

export function CancellationPolicyField({
  policy,
  errors,
  onChange,
  ofClass = false,
}: {
  policy: CancellationPolicy | null;
  errors: Errors;
  onChange: (p: CancellationPolicy | null) => void;
  /** A class's own policy: without one, its semester's applies. */
  ofClass?: boolean;
}) {
  const setBand = (i: number, patch: Partial<NoticeBand>) => onChange({ ...policy!, bands: policy!.bands.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  return (
    <fieldset className="form-section">
      <legend>Cancellation policy</legend>
      {policy === null ? (
        <>
          <p className="muted">{ofClass ? 'The semester’s policy applies to this class.' : 'None: the office decides every cancellation (families send it a request).'}</p>
          <Button variant="outlined" onClick={() => onChange(STARTER)}>
            <span className="p-button-label">{ofClass ? 'Write a policy for this class' : 'Write a policy'}</span>
          </Button>
        </>
      ) : (
        <>
          <p className="muted">
            From each number of days before a class’s first meeting, a cancellation gets back this percent of what the class cost in the enrollment,
            less the fee (never more than was paid), to the card or as account credit. With less notice than every line, nothing comes back; from the first day, the office decides.
          </p>
          {policy.bands.map((b, i) => (
            <div className="form-grid policy-band" key={i} role="group" aria-label={`Notice band ${i + 1}`}>
              <TextField path={`cancellationPolicy.bands.${i}.daysBefore`} label="From days before" type="number" errors={errors} value={String(b.daysBefore)} onChange={(v) => setBand(i, { daysBefore: wholeOrNull(v) ?? 0 })} />
              <TextField path={`cancellationPolicy.bands.${i}.percent`} label="Percent back" type="number" errors={errors} value={String(b.percent)} onChange={(v) => setBand(i, { percent: wholeOrNull(v) ?? 0 })} />
              <MoneyField path={`cancellationPolicy.bands.${i}.fee`} label="Less a fee ($)" errors={errors} cents={b.fee} onChange={(fee) => setBand(i, { fee })} />
              <label className="policy-credit">
                <input type="checkbox" checked={!!b.asCredit} onChange={(e) => setBand(i, { asCredit: e.target.checked || undefined })} /> As account credit (for the next enrollment), not to the card
              </label>
              <Button variant="outlined" onClick={() => onChange({ ...policy, bands: policy.bands.filter((_, j) => j !== i) })}>
                <span className="p-button-label">
                  Remove<span className="visually-hidden"> band {i + 1}</span>
                </span>
              </Button>
            </div>
          ))}
          {errors['cancellationPolicy.bands'] && <p className="field-error">Notice bands {errors['cancellationPolicy.bands']}</p>}
          <div className="row-actions">
            <Button variant="outlined" disabled={policy.bands.length >= 6} onClick={() => onChange({ ...policy, bands: [...policy.bands, { daysBefore: 0, percent: 0, fee: 0 }] })}>
              <span className="p-button-label">Add a band</span>
            </Button>
            <Button variant="outlined" onClick={() => onChange(null)}>
              <span className="p-button-label">{ofClass ? 'Use the semester’s policy' : 'No policy'}</span>
            </Button>
          </div>
          <div className="field">
            <label htmlFor={`${ofClass ? 'class' : 'semester'}-transfers`}>Moves to another class of the same term</label>
            <select
              id={`${ofClass ? 'class' : 'semester'}-transfers`}
              className="p-inputtext p-component"
              aria-describedby={`${ofClass ? 'class' : 'semester'}-transfers-hint`}
              value={policy.transfers ?? ''}
              onChange={(e) => {
                const { transfers: _was, ...rest } = policy;
                onChange(e.target.value ? { ...rest, transfers: e.target.value as TransferRule } : rest);
              }}
            >
              {TRANSFER_CHOICES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <p className="muted" id={`${ofClass ? 'class' : 'semester'}-transfers-hint`}>
              A dearer class: the family owes the difference. A cheaper one: what it paid beyond the new price comes back as account credit. At no charge: the new class at the price paid for
              the old one. Not moved: families may cancel instead. The office decides: families send you a request, and a seat in the new class is kept until you answer.
            </p>
          </div>
          <label className="policy-self">
            <input type="checkbox" checked={policy.selfService} onChange={(e) => onChange({ ...policy, selfService: e.target.checked })} /> Families may cancel (and move) by themselves inside this
            policy, before the class starts (a cancellation when all of the refund goes back to the card they paid with, or as account credit); otherwise they send the office a request
          </label>
        </>
      )}
    </fieldset>
  );
}
