// /admin/aid (finance and admins only): the financial aid applications most in need first, decided
// together — an award (a percent with a cap for each child, or an amount) or "not this time" typed
// on each row, what each fund has left shown as they are typed, then sent as one batch the server
// checks against the funds. Below, the funds: what they hold, and money moved into them.
import { useState, type FormEvent } from 'react';
import { committedOf, fundBalance, incomeBandLabel, AID_STATUS_WORDS, awardWords, type AidApplication, type AidFund } from '../../../contract/aid';
import type { Payload } from '../../../contract/callables';
import { formatCents, formatDate } from '../../../contract/format';
import { parseDollars, plainDollars } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { FormFailure } from '../../components/FormFailure';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { AdminTable } from '../../components/table';
import { newIdempotencyKey } from '../../lib/idempotencyKey';
import { useNotify } from '../../lib/toast';
import { useAidApplications, useAwardAid, useSaveFund } from './api';
import './office.css';

/** A row's decision as typed: nothing yet, an award, or "not this time". */
interface Typed {
  choice: '' | 'percent' | 'amount' | 'decline';
  fundId: string;
  value: string;
  cap: string;
  expiresOn: string;
  note: string;
}
const EMPTY: Typed = { choice: '', fundId: '', value: '', cap: '', expiresOn: '', note: '' };

type Decision = Payload<'adminAwardAid'>['decisions'][number];

/** The decision a typed row sends, or why it cannot be sent yet. */
function decisionOf(app: AidApplication, t: Typed): { decision?: Decision; problem?: string } {
  if (t.choice === 'decline') return { decision: { applicationId: app.id, award: false, note: t.note.trim() } };
  const value = t.choice === 'percent' ? Number(t.value) : parseDollars(t.value);
  const cap = t.cap.trim() ? parseDollars(t.cap) : undefined;
  const who = app.childNames.join(' and ');
  if (!t.fundId) return { problem: `${who}: choose a fund.` };
  if (t.choice === 'percent' && (!Number.isInteger(value) || value! < 1 || value! > 100)) return { problem: `${who}: a percent from 1 to 100.` };
  if (t.choice === 'amount' && (value === null || value < 1)) return { problem: `${who}: an amount in dollars, like 250.` };
  if (cap === null || (t.choice === 'percent' && cap === undefined)) return { problem: `${who}: a cap for each child in dollars (a percent needs one).` };
  if (!t.expiresOn) return { problem: `${who}: an expiry date.` };
  const terms = t.choice === 'percent' ? { percent: value! } : { amount: value! };
  return { decision: { applicationId: app.id, award: true, fundId: t.fundId, ...terms, ...(cap !== undefined ? { capPerChild: cap } : {}), expiresOn: t.expiresOn, note: t.note.trim() } };
}

export default function AidReview() {
  const [state, reload] = useAidApplications();
  return (
    <div className="page admin-page aid-review">
      <h1>Financial aid</h1>
      <p className="muted">
        Families apply once a school year. Review the applications together after your deadline: most in need first (receiving benefits, then the lowest income, then the largest household). An award
        applies by itself at the family’s checkout; what it cannot take by its expiry stays in its fund. Only finance and admins see this page.
      </p>
      {state.status === 'loading' && <PageLoading label="Loading the applications…" />}
      {state.status === 'error' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'loaded' && (
        <>
          <Batch applications={state.value.applications} funds={state.value.funds} />
          <Funds funds={state.value.funds} />
        </>
      )}
    </div>
  );
}

function Batch({ applications, funds }: { applications: AidApplication[]; funds: AidFund[] }) {
  const award = useAwardAid();
  const notify = useNotify();
  const [typed, setTyped] = useState<Record<string, Typed>>({});
  const [problem, setProblem] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const waiting = applications.filter((a) => a.status === 'received');
  const decided = applications.filter((a) => a.status !== 'received');
  const set = (id: string, change: Partial<Typed>) => setTyped((all) => ({ ...all, [id]: { ...(all[id] ?? EMPTY), ...change } }));
  const rows = waiting.flatMap((a) => (typed[a.id]?.choice ? [{ app: a, ...decisionOf(a, typed[a.id]) }] : []));
  // What each fund would have left once the awards typed so far are made.
  const left = new Map(funds.map((f) => [f.id, fundBalance(f)]));
  for (const r of rows) if (r.decision?.award && r.decision.fundId) left.set(r.decision.fundId, (left.get(r.decision.fundId) ?? 0) - committedOf(r.decision, r.app.studentIds.length));
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const wrong = !rows.length ? 'Type a decision on at least one application.' : (rows.find((r) => r.problem)?.problem ?? ([...left.values()].some((x) => x < 0) ? 'A fund would give more than it holds: lower an award.' : ''));
    setProblem(wrong);
    if (wrong) return award.reset();
    award.mutate(
      { decisions: rows.map((r) => r.decision!), idempotencyKey: key },
      {
        onSuccess: ({ applications: done }) => {
          notify({ severity: 'success', summary: 'Decided', detail: `${done.length} ${done.length === 1 ? 'application' : 'applications'} decided; the families see it now.` });
          setTyped({});
          setKey(newIdempotencyKey());
        },
      },
    );
  };
  return (
    <>
      <Card id="aid-batch" title={`Waiting for a decision (${waiting.length})`}>
        {!waiting.length && <p className="empty-panel">No application is waiting.</p>}
        {waiting.length > 0 && (
          <form onSubmit={submit} noValidate>
            <p aria-live="polite">
              Left in the funds with these awards:{' '}
              {funds.map((f, i) => (
                <span key={f.id} className={(left.get(f.id) ?? 0) < 0 ? 'field-error' : undefined}>
                  {i > 0 && ' · '}
                  {f.name} {formatCents(left.get(f.id) ?? 0)}
                </span>
              ))}
            </p>
            <ul className="aid-applications">
              {waiting.map((a) => (
                <ApplicationRow key={a.id} app={a} funds={funds} typed={typed[a.id] ?? EMPTY} onChange={(change) => set(a.id, change)} />
              ))}
            </ul>
            {problem && (
              <p className="field-error" role="alert">
                {problem}
              </p>
            )}
            <FormFailure error={award.error} />
            <Button type="submit" disabled={award.isPending}>
              <span className="p-button-label">{award.isPending ? 'Saving…' : `Decide ${rows.length || ''} ${rows.length === 1 ? 'application' : 'applications'}`.replace('  ', ' ')}</span>
            </Button>
          </form>
        )}
      </Card>
      {decided.length > 0 && (
        <AdminTable
          label="Decided applications"
          caption="Decided applications"
          head={
            <>
              <th scope="col">Family</th>
              <th scope="col">Children and term</th>
              <th scope="col">Decision</th>
              <th scope="col">Used</th>
            </>
          }
        >
          {decided.map((a) => (
            <tr key={a.id}>
              <td>{a.email}</td>
              <td>
                {a.childNames.join(', ')} · {a.semesterName}
              </td>
              <td>{a.award ? `${awardWords(a.award)} from ${a.award.fundName}, until ${formatDate(a.award.expiresOn)}` : AID_STATUS_WORDS[a.status]}</td>
              <td>{a.award ? `${formatCents(a.award.used)} of ${formatCents(a.award.committed)}` : '—'}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}

function ApplicationRow({ app: a, funds, typed: t, onChange }: { app: AidApplication; funds: AidFund[]; typed: Typed; onChange: (change: Partial<Typed>) => void }) {
  const id = (what: string) => `aid-${a.id}-${what}`;
  return (
    <li className="aid-application-row">
      <h2 className="aid-family">
        {a.childNames.join(' and ')} <span className="muted">· {a.semesterName}</span>
      </h2>
      <p>
        {a.email} · household of {a.householdSize} · {incomeBandLabel(a.incomeBand)}
        {a.benefits ? ' · receives SNAP, Medicaid or free school lunch' : ''}
      </p>
      {a.words && <blockquote className="aid-words">{a.words}</blockquote>}
      <div className="aid-decision">
        <label htmlFor={id('choice')}>Decision</label>
        <select id={id('choice')} className="p-inputtext p-component" value={t.choice} onChange={(e) => onChange({ choice: e.target.value as Typed['choice'] })}>
          <option value="">Not yet</option>
          <option value="percent">Award a percent</option>
          <option value="amount">Award an amount</option>
          <option value="decline">Not this time</option>
        </select>
        {(t.choice === 'percent' || t.choice === 'amount') && (
          <>
            <label htmlFor={id('fund')}>Fund</label>
            <select id={id('fund')} className="p-inputtext p-component" value={t.fundId} onChange={(e) => onChange({ fundId: e.target.value })}>
              <option value="">Choose a fund</option>
              {funds.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
            <label htmlFor={id('value')}>{t.choice === 'percent' ? 'Percent' : 'Amount ($)'}</label>
            <input id={id('value')} className="p-inputtext p-component" inputMode="decimal" maxLength={10} value={t.value} onChange={(e) => onChange({ value: e.target.value })} />
            <label htmlFor={id('cap')}>At most a child ($){t.choice === 'amount' ? ', optional' : ''}</label>
            <input id={id('cap')} className="p-inputtext p-component" inputMode="decimal" maxLength={10} value={t.cap} onChange={(e) => onChange({ cap: e.target.value })} />
            <label htmlFor={id('expires')}>Until</label>
            <input id={id('expires')} type="date" className="p-inputtext p-component" value={t.expiresOn} onChange={(e) => onChange({ expiresOn: e.target.value })} />
          </>
        )}
        {t.choice && (
          <>
            <label htmlFor={id('note')}>Note for the family (optional)</label>
            <input id={id('note')} className="p-inputtext p-component" maxLength={500} value={t.note} onChange={(e) => onChange({ note: e.target.value })} />
          </>
        )}
      </div>
    </li>
  );
}

function Funds({ funds }: { funds: AidFund[] }) {
  const save = useSaveFund();
  const notify = useNotify();
  const [fundId, setFundId] = useState('');
  const [name, setName] = useState('');
  const [amountText, setAmountText] = useState('');
  const [problem, setProblem] = useState('');
  const chosen = funds.find((f) => f.id === fundId);
  // First come until it runs out: the terms each application is awarded as it arrives.
  const [firstCome, setFirstCome] = useState(false);
  const [rule, setRule] = useState({ percent: '', cap: '', until: '' });
  const choose = (id: string) => {
    setFundId(id);
    const f = funds.find((x) => x.id === id)?.firstCome;
    setFirstCome(!!f);
    setRule(f ? { percent: String(f.percent), cap: plainDollars(f.capPerChild), until: f.expiresOn } : { percent: '', cap: '', until: '' });
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const cents = amountText.trim() ? parseDollars(amountText) : 0;
    const fundName = chosen ? chosen.name : name.trim();
    const percent = Number(rule.percent);
    const cap = parseDollars(rule.cap);
    const ruleProblem = !firstCome
      ? ''
      : !Number.isInteger(percent) || percent < 1 || percent > 100
        ? 'First come: a percent from 1 to 100.'
        : cap === null || cap < 1
          ? 'First come: the most for a child, in dollars.'
          : !rule.until
            ? 'First come: until when its awards last.'
            : '';
    const wrong = !fundName ? 'Name the new fund.' : cents === null ? 'Enter an amount in dollars, like 500.' : ruleProblem;
    setProblem(wrong);
    if (wrong || cents === null) return save.reset();
    save.mutate(
      { ...(chosen ? { id: chosen.id } : {}), name: fundName, ...(cents ? { transfer: cents } : {}), firstCome: firstCome ? { percent, capPerChild: cap!, expiresOn: rule.until } : null },
      {
        onSuccess: ({ fund }) => {
          notify({ severity: 'success', summary: 'Saved', detail: `${fund.name} holds ${formatCents(fundBalance(fund))}.` });
          setName('');
          setAmountText('');
        },
      },
    );
  };
  return (
    <Card id="aid-funds" title="Funds">
      {!funds.length && <p className="empty-panel">No fund yet: create one below.</p>}
      {funds.length > 0 && (
        <AdminTable
          label="Financial aid funds"
          caption="Financial aid funds"
          head={
            <>
              <th scope="col">Fund</th>
              <th scope="col">Gifts</th>
              <th scope="col">Moved in</th>
              <th scope="col">Awarded</th>
              <th scope="col">Holds</th>
            </>
          }
        >
          {funds.map((f) => (
            <tr key={f.id}>
              <td>
                {f.name}
                {f.firstCome && <div className="muted">First come: {f.firstCome.percent} %, at most {formatCents(f.firstCome.capPerChild)} a child</div>}
              </td>
              <td>{formatCents(f.gifts)}</td>
              <td>{formatCents(f.transfers)}</td>
              <td>{formatCents(f.committed)}</td>
              <td>
                <strong>{formatCents(fundBalance(f))}</strong>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <form onSubmit={submit} noValidate className="aid-fund-form" aria-labelledby="fund-form-title">
        <h3 id="fund-form-title">Create a fund, or move money into one</h3>
        <div className="field">
          <label htmlFor="fund-choice">Fund</label>
          <select id="fund-choice" className="p-inputtext p-component" value={fundId} onChange={(e) => choose(e.target.value)}>
            <option value="">A new fund</option>
            {funds.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </div>
        {!chosen && (
          <div className="field">
            <label htmlFor="fund-name">Name of the new fund</label>
            <input id="fund-name" className="p-inputtext p-component" maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
          </div>
        )}
        <div className="field">
          <label htmlFor="fund-amount">Move in ($, from the school’s budget or another source)</label>
          <input id="fund-amount" className="p-inputtext p-component" inputMode="decimal" maxLength={12} value={amountText} onChange={(e) => setAmountText(e.target.value)} />
        </div>
        <label className="pay-option">
          <input type="checkbox" checked={firstCome} onChange={(e) => setFirstCome(e.target.checked)} />
          <span>First come until it runs out: award each application as it arrives (no review)</span>
        </label>
        {firstCome && (
          <div className="aid-decision">
            <label htmlFor="fund-percent">Percent of the classes</label>
            <input id="fund-percent" className="p-inputtext p-component" inputMode="numeric" maxLength={3} value={rule.percent} onChange={(e) => setRule({ ...rule, percent: e.target.value })} />
            <label htmlFor="fund-cap">At most a child ($)</label>
            <input id="fund-cap" className="p-inputtext p-component" inputMode="decimal" maxLength={10} value={rule.cap} onChange={(e) => setRule({ ...rule, cap: e.target.value })} />
            <label htmlFor="fund-until">Awards last until</label>
            <input id="fund-until" type="date" className="p-inputtext p-component" value={rule.until} onChange={(e) => setRule({ ...rule, until: e.target.value })} />
          </div>
        )}
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <FormFailure error={save.error} />
        <Button type="submit" disabled={save.isPending}>
          <span className="p-button-label">{save.isPending ? 'Saving…' : chosen ? 'Save the fund' : 'Create the fund'}</span>
        </Button>
      </form>
    </Card>
  );
}
