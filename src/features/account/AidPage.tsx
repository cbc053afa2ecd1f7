// /account/aid: financial aid — the family's application for the school year (household, income band,
// benefits, a few words, which children and which term) and what became of it. Private: only the
// family and the school's finance staff read it. An award applies by itself at checkout.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AID_STATUS_WORDS, awardWords, INCOME_BANDS, schoolYearOf, type FamilyAid, type IncomeBand } from '../../../contract/aid';
import { formatCents, formatDate } from '../../../contract/format';
import { formatDay } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { FormFailure } from '../../components/FormFailure';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useNotify } from '../../lib/toast';
import { useOpenSemesters } from '../catalogue/api';
import { useMyAid, useMyStudents } from '../family/api';
import { useApplyForAid } from './api';

export default function AidPage() {
  const [state, reload] = useMyAid();
  return (
    <div className="page account-page aid-page">
      <h1>Financial aid</h1>
      <p>
        No family should miss the outdoors for money. Apply once a school year; the school reviews applications together after its deadline and tells you what it can give. What you write here is
        read only by the school’s finance staff — never by instructors.
      </p>
      <p className="muted">
        You may enroll before a decision. An award applies by itself at checkout, as its own line (“Financial aid”), after the sliding scale and any code. <Link to="/account/enrollments">My enrollments</Link>
      </p>
      {state.status === 'loading' && <PageLoading label="Loading your applications…" />}
      {state.status === 'error' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'loaded' && (
        <>
          {state.value.applications.map((a) => (
            <Application key={a.id} application={a} />
          ))}
          <ApplyForm applied={state.value.applications.map((a) => a.schoolYear)} />
        </>
      )}
    </div>
  );
}

function Application({ application: a }: { application: FamilyAid }) {
  return (
    <Card id={`aid-${a.id}`} title={`${a.schoolYear} school year: ${AID_STATUS_WORDS[a.status]}`} className="aid-application">
      <p>
        For {a.childNames.join(' and ')} · {a.semesterName} · sent {formatDay(a.submittedAt)}
      </p>
      {a.award && (
        <>
          <p>
            <strong>Awarded: {awardWords(a.award)}</strong>, until {formatDate(a.award.expiresOn, true)}. Used so far: {formatCents(a.award.used)}; left: {formatCents(a.award.left)}.
          </p>
          {a.award.note && <p className="muted">From the school: {a.award.note}</p>}
        </>
      )}
      {a.status === 'declined' && <p className="muted">The fund could not cover your application this time. The sliding scale still lets you choose a lower price where a class offers one.</p>}
    </Card>
  );
}

/** The application: one a school year (the year of the term chosen). */
function ApplyForm({ applied }: { applied: string[] }) {
  const [semesters] = useOpenSemesters();
  const [students] = useMyStudents();
  const apply = useApplyForAid();
  const notify = useNotify();
  const [semesterId, setSemesterId] = useState('');
  const [children, setChildren] = useState<string[]>([]);
  const [householdText, setHouseholdText] = useState('');
  const [incomeBand, setIncomeBand] = useState<IncomeBand | ''>('');
  const [benefits, setBenefits] = useState(false);
  const [words, setWords] = useState('');
  const [problem, setProblem] = useState('');
  if (semesters.status !== 'loaded' || students.status !== 'loaded') return semesters.status === 'error' || students.status === 'error' ? <p className="field-error">Your children or the terms could not be loaded: reload the page.</p> : null;
  // One application a school year: only the terms of a year the family has not applied for.
  const terms = semesters.value.semesters.filter((s) => !applied.includes(schoolYearOf(s.startDate)));
  const kids = students.value.students;
  if (!terms.length) return applied.length ? <p className="muted">You have applied for every school year open for enrollment now.</p> : <p className="empty-panel">No term is open for enrollment now.</p>;
  if (!kids.length) {
    return (
      <p className="empty-panel">
        Add your children first, then apply for them: <Link to="/account/students/new">Add a student</Link>
      </p>
    );
  }
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const household = Number(householdText);
    const wrong = !semesterId
      ? 'Choose the term.'
      : !children.length
        ? 'Choose at least one child.'
        : !Number.isInteger(household) || household < 1 || household > 20
          ? 'Enter how many people live in your household (1 to 20).'
          : !incomeBand
            ? 'Choose your household’s income.'
            : '';
    setProblem(wrong);
    if (wrong || !incomeBand) return apply.reset();
    apply.mutate(
      { semesterId, studentIds: children, householdSize: household, incomeBand, benefits, words: words.trim() },
      {
        onSuccess: ({ application }) => {
          notify({ severity: 'success', summary: 'Sent', detail: `Your application for the ${application.schoolYear} school year was received.` });
          setSemesterId('');
          setChildren([]);
          setWords('');
        },
      },
    );
  };
  const toggle = (id: string) => setChildren((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));
  return (
    <Card id="apply-for-aid" title={applied.length ? 'Apply for another school year' : 'Apply for financial aid'} className="aid-form">
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="aid-term">Term</label>
          <select id="aid-term" className="p-inputtext p-component" value={semesterId} onChange={(e) => setSemesterId(e.target.value)}>
            <option value="">Choose a term</option>
            {terms.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="pay-choice">
          <legend>For which children</legend>
          {kids.map((k) => (
            <label key={k.id} className="pay-option">
              <input type="checkbox" checked={children.includes(k.id)} onChange={() => toggle(k.id)} />
              <span>
                {k.firstName} {k.lastName}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="aid-household">People in your household</label>
          <input id="aid-household" className="p-inputtext p-component" inputMode="numeric" maxLength={2} value={householdText} onChange={(e) => setHouseholdText(e.target.value)} />
        </div>
        <fieldset className="pay-choice">
          <legend>Your household’s income this year</legend>
          {INCOME_BANDS.map((b) => (
            <label key={b.id} className="pay-option">
              <input type="radio" name="aid-income" checked={incomeBand === b.id} onChange={() => setIncomeBand(b.id)} />
              <span>{b.label}</span>
            </label>
          ))}
        </fieldset>
        <label className="pay-option">
          <input type="checkbox" checked={benefits} onChange={(e) => setBenefits(e.target.checked)} />
          <span>We receive SNAP, Medicaid or free school lunch</span>
        </label>
        <div className="field">
          <label htmlFor="aid-words">Anything you want the school to know (optional)</label>
          <textarea id="aid-words" className="p-inputtextarea p-inputtext p-component" rows={3} maxLength={1000} value={words} onChange={(e) => setWords(e.target.value)} />
        </div>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <FormFailure error={apply.error} />
        <Button type="submit" disabled={apply.isPending}>
          <span className="p-button-label">{apply.isPending ? 'Sending…' : 'Send my application'}</span>
        </Button>
      </form>
    </Card>
  );
}
