import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { formatCents } from '../../../../contract/format';
import { Markdown } from '../../../components/Markdown';
import { PageLoading } from '../../../components/PageLoading';
import { call } from '../../../lib/callable';
import { useSettings } from '../../../lib/settingsContext';
import { useNotify } from '../../../lib/toast';
import { toCallError, useCall } from '../../../lib/useCall';
import { useFlow } from '../FlowContext';
import { basketLines, stepPath } from '../flowState';
import { StepFrame } from './StepFrame';
import { LoadError } from '../../../components/LoadError';

const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** Step 7: what is enrolled and what it costs, discount codes, how to pay, and submit. */
export default function ReviewStep() {
  const { state, update, draftSettled } = useFlow();
  const navigate = useNavigate();
  const notify = useNotify();
  const settings = useSettings();
  const lines = basketLines(state.selection);
  const [quote, reloadQuote] = useCall('priceBasket', { lines, codes: state.codes });
  const [releases, reloadReleases] = useCall('releases');
  const [code, setCode] = useState('');
  const [codeMessage, setCodeMessage] = useState('');
  const [applying, setApplying] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState('');
  const [idempotencyKey] = useState(newKey);

  if (!state.profile || !state.studentChoice || state.studentChoice === 'new') return <Navigate to={stepPath('student')} replace />;
  if (quote.status === 'loading' || releases.status === 'loading') return <PageLoading label="Pricing your enrollment…" />;
  if (quote.status === 'error') return <LoadError error={quote.error} onRetry={reloadQuote} />;
  if (releases.status === 'error') return <LoadError error={releases.error} onRetry={reloadReleases} />;
  const q = quote.value;
  const studentId = state.studentChoice;

  const applyCode = async () => {
    const wanted = code.trim().toUpperCase();
    if (!wanted) return setCodeMessage('Enter a code.');
    if (state.codes.includes(wanted)) return setCodeMessage(`${wanted} is already applied.`);
    setApplying(true);
    try {
      const trial = await call('priceBasket', { lines, codes: [...state.codes, wanted] });
      const problem = trial.codeProblems.find((p) => p.about === wanted);
      if (problem) setCodeMessage(problem.message);
      else {
        update((s) => ({ ...s, codes: [...s.codes, wanted] }));
        setCode('');
        setCodeMessage('');
      }
    } catch (e) {
      setCodeMessage(toCallError(e).message);
    } finally {
      setApplying(false);
    }
  };

  const submit = async () => {
    if (q.problems.length || q.codeProblems.length) return setFailure('Please fix the problems above first.');
    setSubmitting(true);
    setFailure('');
    try {
      // The enrollment deletes the draft: a save still on its way must not bring it back.
      await draftSettled();
      const { enrollment } = await call('enroll', {
        studentId,
        lines,
        codes: state.codes,
        expectedTotal: q.total,
        infoConfirmed: !state.reviewNeeded || (state.infoConfirmed && state.healthConfirmed),
        releases: releases.value.releases.map((r) => ({ releaseId: r.id, version: r.version, typedName: state.signatures[r.id] ?? '' })),
        idempotencyKey,
      });
      notify({ severity: 'success', summary: 'Success', detail: `${enrollment.studentName} is enrolled!` });
      navigate(stepPath('classes') + '/done', { state: { enrollment } });
    } catch (e) {
      const error = toCallError(e);
      setFailure(error.message);
      notify({ severity: 'error', summary: 'Not enrolled', detail: error.message });
      if (error.code === 'aborted') reloadQuote();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <StepFrame title="Review and submit" back={stepPath('releases')} onNext={submit} nextLabel={`Enroll ${state.profile.firstName}`} busy={submitting}>
      <p>
        Enrolling <strong>{`${state.profile.firstName} ${state.profile.lastName}`}</strong>
      </p>
      {q.problems.map((p) => (
        <p key={p.about + p.message} className="form-failure" role="alert">
          {p.message}
        </p>
      ))}
      <table className="price-table">
        <caption className="visually-hidden">Classes and prices</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {q.lineItems.map((l) => (
            <tr key={l.kind + l.id}>
              <td>
                <strong>{l.title}</strong>
                {l.kind === 'group' && <div className="muted">Bundle price (separately {formatCents(l.listPrice)})</div>}
                {l.addOns.map((a) => (
                  <div key={a.id} className="muted">
                    + {a.description} ({formatCents(a.price)})
                  </div>
                ))}
              </td>
              <td className="num">{formatCents(l.price + l.addOns.reduce((s, a) => s + a.price, 0))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Subtotal</th>
            <td className="num">{formatCents(q.subtotal)}</td>
          </tr>
          {q.discounts.map((d) => (
            <tr key={d.code}>
              <th scope="row">
                {d.description} ({d.code})
              </th>
              <td className="num">−{formatCents(d.amount)}</td>
            </tr>
          ))}
          <tr className="total-row">
            <th scope="row">Total</th>
            <td className="num">{formatCents(q.total)}</td>
          </tr>
        </tfoot>
      </table>

      <div className="discount-box">
        <div className="field">
          <label htmlFor="discount-code">Discount code</label>
          <div className="inline-input">
            <input
              id="discount-code"
              className="p-inputtext p-component"
              value={code}
              autoCapitalize="characters"
              aria-invalid={!!codeMessage}
              aria-describedby={codeMessage ? 'discount-code-message' : undefined}
              onChange={(e) => setCode(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void applyCode();
                }
              }}
            />
            <button type="button" className="p-button p-component p-button-outlined" disabled={applying} onClick={applyCode}>
              <span className="p-button-label">Apply</span>
            </button>
          </div>
          {codeMessage && (
            <small id="discount-code-message" className="field-error" role="alert">
              {codeMessage}
            </small>
          )}
        </div>
        {state.codes.length > 0 && (
          <ul className="chips" aria-label="Applied codes">
            {state.codes.map((c) => {
              const applied = q.discounts.find((d) => d.code === c);
              const problem = q.codeProblems.find((p) => p.about === c);
              return (
                <li key={c} className={`chip${problem ? ' chip-problem' : ''}`}>
                  <span>
                    {c}
                    {applied ? ` −${formatCents(applied.amount)}` : ''}
                    {problem ? `: ${problem.message}` : ''}
                  </span>
                  <button type="button" className="chip-remove" aria-label={`Remove code ${c}`} onClick={() => update((s) => ({ ...s, codes: s.codes.filter((x) => x !== c) }))}>
                    <span className="pi pi-times" aria-hidden="true" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <section className="how-to-pay" aria-labelledby="how-to-pay">
        <h2 id="how-to-pay">How to pay</h2>
        {q.total === 0 ? <p>Nothing to pay: your enrollment is confirmed as paid.</p> : <Markdown text={settings.payment_instructions} />}
        {q.total > 0 && <p className="muted">Your enrollment is confirmed right away, with a balance due of {formatCents(q.total)}.</p>}
      </section>
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
    </StepFrame>
  );
}
