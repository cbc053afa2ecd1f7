// /admin/requests: the families' requests the office decides — cancelling a class a family may not
// cancel by itself, or moving a child to another class. Each shows what the family asked and why, what
// the policy gives, and what was paid; approving cancels with the refund (back to the card first, the
// rest the way chosen) or moves the child into the seat kept for it, at the price difference;
// declining keeps the class. The family is emailed the office's words either way.
import { useState } from 'react';
import { decisionProblem, requestAsks, type OfficeChangeRequest } from '../../../contract/changes';
import type { PaymentMethod } from '../../../contract/domain';
import { formatCents, formatDate } from '../../../contract/format';
import { parseDollars, plainDollars } from '../../../contract/wording';
import { CheckboxField } from '../../components/studentForm/fields';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { FormFailure } from '../../components/FormFailure';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useNotify } from '../../lib/toast';
import { useChangeRequests, useDecideChangeRequest } from './api';
import { MethodField } from './paymentMethod';
import './office.css';

export default function RequestsPage() {
  const [state, reload] = useChangeRequests();
  return (
    <div className="page admin-page">
      <h1>Requests from families</h1>
      <p className="muted">
        Families ask here to cancel a class, or to move a child to another class, when they may not do it by themselves. Approving a cancellation cancels the class with the refund below (back to the card
        first); approving a move moves the child into the seat kept for it, at the price difference shown. Declining keeps the class. The family gets an email with your words either way.
      </p>
      {state.status === 'loading' && <PageLoading label="Loading the requests…" />}
      {state.status === 'error' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'loaded' && (state.value.requests.length ? state.value.requests.map((r) => <Request key={r.id} request={r} />) : <p className="empty-panel">No request is waiting.</p>)}
    </div>
  );
}

function Request({ request: r }: { request: OfficeChangeRequest }) {
  const decide = useDecideChangeRequest();
  const notify = useNotify();
  const [refundText, setRefundText] = useState(plainDollars(r.outcome.refund));
  // Credit the policy gave stays credit unless the office says otherwise.
  const [method, setMethod] = useState<PaymentMethod | ''>(r.outcome.toCredit ? 'credit' : '');
  const [answer, setAnswer] = useState('');
  // A move the office makes at no charge (whatever the policy says), with its words for the family.
  const [atNoCharge, setAtNoCharge] = useState(false);
  const [problem, setProblem] = useState('');
  const refund = parseDollars(refundText);
  const rest = refund === null ? 0 : r.outcome.toCredit ? refund : refund - Math.min(refund, r.cardRefundable);
  const key = `request-${r.id}`;
  const move = r.kind === 'transfer';
  const what = move ? `${r.studentName}: ${requestAsks(r)}` : `${r.classTitles.join(', ')} for ${r.studentName}`;
  const send = (approve: boolean) => {
    const wrong = move
      ? (decisionProblem({ approve, atNoCharge, answer }, r.outcome.refund) ?? '')
      : !approve
      ? (decisionProblem({ approve, answer }, r.outcome.refund) ?? '')
      : refund === null
        ? 'Enter the refund in dollars, like 0 or 120.50.'
        : refund > r.netPaid
          ? `The refund cannot be more than the ${formatCents(r.netPaid)} paid.`
          : (decisionProblem({ approve, refund, answer }, r.outcome.refund) ?? (rest > 0 && !method ? `Say how the ${formatCents(rest)} not going back to a card is given back.` : ''));
    setProblem(wrong);
    if (wrong) return decide.reset();
    decide.mutate(
      {
        enrollmentId: r.enrollmentId,
        requestId: r.id,
        approve,
        ...(approve && !move ? { refund: refund! } : {}),
        ...(approve && !move && rest > 0 && method ? { refundMethod: method } : {}),
        ...(approve && move && atNoCharge ? { atNoCharge } : {}),
        ...(answer.trim() ? { answer: answer.trim() } : {}),
      },
      { onSuccess: () => notify({ severity: 'success', summary: approve ? 'Approved' : 'Declined', detail: `${approve ? (move ? 'Moved' : 'Cancelled') : 'Kept'} ${what}. The family is emailed.` }) },
    );
  };
  return (
    <Card id={key} title={what} className="request-card">
      <dl className="request-facts">
        <dt>Asked</dt>
        <dd>{formatDate(r.askedAt.slice(0, 10))}</dd>
        <dt>The family’s words</dt>
        <dd>{r.reason ?? '—'}</dd>
        <dt>{move ? 'The move does' : 'The policy gives'}</dt>
        <dd>{r.words}</dd>
        <dt>Paid</dt>
        <dd>
          {formatCents(r.netPaid)}
          {r.cardRefundable > 0 ? ` (up to ${formatCents(r.cardRefundable)} can go back to a card)` : ''}
        </dd>
      </dl>
      {!move && (
        <div className="field">
          <label htmlFor={`${key}-refund`}>Refund if approved ($)</label>
          <input id={`${key}-refund`} className="p-inputtext p-component" inputMode="decimal" value={refundText} onChange={(e) => setRefundText(e.target.value)} />
        </div>
      )}
      {move && r.outcome.difference !== 0 && (
        <CheckboxField label="Move at no charge (the new class at the price paid for the old one)" checked={atNoCharge} onChange={setAtNoCharge} />
      )}
      {!move && rest > 0 && <MethodField id={`${key}-method`} label={`How the ${formatCents(rest)} not going back to a card is given back`} value={method} blank="Choose…" onChange={setMethod} />}
      <div className="field">
        <label htmlFor={`${key}-answer`}>{move ? 'Your words for the family (needed to decline, or to move at no charge)' : 'Your words for the family (needed to decline, or to change the refund)'}</label>
        <textarea id={`${key}-answer`} className="p-inputtextarea p-component" rows={2} maxLength={500} value={answer} onChange={(e) => setAnswer(e.target.value)} />
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <FormFailure error={decide.error} />
      <div className="row-actions">
        <Button disabled={decide.isPending} onClick={() => send(true)}>
          <span className="p-button-label">
            {move ? 'Approve and move' : 'Approve and cancel'}
            <span className="visually-hidden"> ({what})</span>
          </span>
        </Button>
        <Button variant="outlined" disabled={decide.isPending} onClick={() => send(false)}>
          <span className="p-button-label">
            Decline<span className="visually-hidden"> ({what})</span>
          </span>
        </Button>
      </div>
    </Card>
  );
}
