// /rounds/:semesterId/entry: the family's entry in a registration round. While entries are open it
// names its children and ranks, for each, classes or bundles it may take (each with its price);
// brothers and sisters are linked unless the family unlinks them; as at a checkout it confirms each
// child's information when due, signs the releases and says how it will pay, so that a place is
// accepted in one step. Once drawn, each child's place and why, in words (contract/draw.ts's placementWords).
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { CheckoutMethod, PublicClass, Release, Student } from '../../../contract/domain';
import { placementWords } from '../../../contract/draw';
import { formatCents, formatDateRange, ordinal } from '../../../contract/format';
import { roundPhase, type EntryChild, type PublicRound, type RoundEntry } from '../../../contract/rounds';
import { needsInfoReview } from '../../../contract/rules';
import { forGrade, scheduleText } from '../../../contract/schedule';
import { formatMoment } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { FormFailure } from '../../components/FormFailure';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { usePaymentOptions } from '../../lib/paymentOptions';
import { useClassesBySemester, useReleases } from '../catalogue/api';
import { useMyStudents } from '../family/api';
import { useMyRoundEntry, useRound, useSaveRoundEntry } from './api';
import { NoRound } from './NoRound';
import './rounds.css';

export default function EntryPage() {
  const { semesterId = '' } = useParams();
  const [round, reloadRound] = useRound(semesterId);
  const [entry, reloadEntry] = useMyRoundEntry(semesterId);
  const [students, reloadStudents] = useMyStudents();
  const [catalogue, reloadCatalogue] = useClassesBySemester([semesterId]);
  const [releases, reloadReleases] = useReleases();
  const [payment, reloadPayment] = usePaymentOptions();
  const states = [round, entry, students, catalogue, releases, payment];
  const failed = states.find((s) => s.status === 'error');
  if (failed?.status === 'error') {
    return <LoadError error={failed.error} onRetry={() => [reloadRound, reloadEntry, reloadStudents, reloadCatalogue, reloadReleases, reloadPayment].forEach((r) => r())} />;
  }
  if (round.status !== 'loaded' || entry.status !== 'loaded' || students.status !== 'loaded' || catalogue.status !== 'loaded' || releases.status !== 'loaded' || payment.status !== 'loaded') return <PageLoading />;
  const published = round.value.round;
  if (!published) return <NoRound />;
  const phase = roundPhase(published, new Date());
  const offered = catalogue.value[semesterId] ?? { classes: [], groups: [] };
  return (
    <div className="page page-narrow round-page">
      <h1>Your entry: {published.semesterName}</h1>
      <p>
        <Link to={`/rounds/${semesterId}`}>How the draw works, and what it published</Link>
      </p>
      {phase === 'upcoming' && <p>Entries open {formatMoment(published.entriesOpen)}.</p>}
      {phase === 'open' && (
        <EntryForm
          round={published}
          saved={entry.value.entry}
          students={students.value.students}
          classes={offered.classes}
          bundles={offered.groups}
          releases={releases.value.releases}
          methods={payment.value.methods}
        />
      )}
      {(phase === 'closed' || phase === 'drawn') && <Closed round={published} entry={entry.value.entry} students={students.value.students} titles={new Map([...offered.classes.map((c) => [c.id, c.title] as const), ...offered.groups.map((g) => [g.id, g.name] as const)])} />}
    </div>
  );
}

interface Option {
  id: string;
  label: string;
}

/** What a child may rank: the live classes and bundles of its grade, each with its price. */
function optionsFor(student: Student, classes: PublicClass[], bundles: { id: string; name: string; price: number; classIds: string[] }[]): Option[] {
  const fits = (c: PublicClass) => c.status === 'live' && forGrade(c, student.grade);
  const live = new Map(classes.filter(fits).map((c) => [c.id, c]));
  return [
    ...[...live.values()].map((c) => ({ id: c.id, label: `${c.title} · ${formatDateRange(c.startDate, c.endDate)}, ${scheduleText(c)} · ${formatCents(c.price)}` })),
    ...bundles.filter((b) => b.classIds.every((id) => live.has(id))).map((b) => ({ id: b.id, label: `${b.name} · ${formatCents(b.price)}` })),
  ];
}

interface FormProps {
  round: PublicRound;
  saved: RoundEntry | null;
  students: Student[];
  classes: PublicClass[];
  bundles: { id: string; name: string; price: number; classIds: string[] }[];
  releases: Release[];
  methods: CheckoutMethod[];
}

function EntryForm({ round, saved, students, classes, bundles, releases, methods }: FormProps) {
  const save = useSaveRoundEntry();
  // The entry as saved when the page opened; the family's changes from there.
  const [choices, setChoices] = useState(() => new Map((saved?.children ?? []).map((c) => [c.studentId, c.choices])));
  const [linked, setLinked] = useState(saved?.linked ?? true);
  const [waitlist, setWaitlist] = useState(saved?.waitlist ?? true);
  // A release signed in the saved entry stays signed while its text is the same.
  const [signatures, setSignatures] = useState<Record<string, string>>(() =>
    Object.fromEntries((saved?.releases ?? []).filter((s) => releases.some((r) => r.id === s.releaseId && r.version === s.version)).map((s) => [s.releaseId, s.typedName])),
  );
  const [confirmed, setConfirmed] = useState<Set<string>>(() => new Set());
  const [chosen, setChosen] = useState<CheckoutMethod | undefined>(saved?.payWith);
  const payWith = chosen && methods.includes(chosen) ? chosen : methods[0];
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState(false);
  const now = new Date();
  const reviewDue = (s: Student) => needsInfoReview(s.infoReviewedAt, now);
  const entered: EntryChild[] = students.flatMap((s) => {
    const ranked = (choices.get(s.id) ?? []).filter(Boolean);
    return choices.has(s.id) ? [{ studentId: s.id, choices: ranked, ...(confirmed.has(s.id) ? { infoConfirmed: true } : {}) }] : [];
  });
  const setChild = (id: string, ranked: string[] | null) => {
    setDone(false);
    setChoices((m) => {
      const next = new Map(m);
      if (ranked === null) next.delete(id);
      else next.set(id, ranked);
      return next;
    });
  };
  const submit = async () => {
    setProblem('');
    if (!entered.length) return setProblem('Choose at least one child to enter.');
    const without = students.find((s) => choices.has(s.id) && !(choices.get(s.id) ?? []).some(Boolean));
    if (without) return setProblem(`Rank at least one class for ${without.firstName}.`);
    const unreviewed = students.find((s) => choices.has(s.id) && reviewDue(s) && !confirmed.has(s.id));
    if (unreviewed) return setProblem(`Please confirm that ${unreviewed.firstName}'s information is still accurate.`);
    const unsigned = releases.find((r) => !signatures[r.id]?.trim());
    if (unsigned) return setProblem(`Please sign the ${unsigned.title} by typing your full name.`);
    await save
      .mutateAsync({
        semesterId: round.semesterId,
        children: entered,
        linked: entered.length > 1 && linked,
        waitlist,
        releases: releases.map((r) => ({ releaseId: r.id, version: r.version, typedName: signatures[r.id]!.trim() })),
        ...(payWith ? { payWith } : {}),
      })
      .then(() => setDone(true), () => undefined);
  };
  if (!students.length) {
    return (
      <p>
        Add your children first, on <Link to="/account/students">My Students</Link>: the entry names them.
      </p>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p>Entries are open until {formatMoment(round.entriesClose)}. Entering early gives no advantage: the order comes from the draw. You may change your entry until entries close.</p>
      {students.map((s) => {
        const options = optionsFor(s, classes, bundles);
        const ranked = choices.get(s.id);
        return (
          <fieldset key={s.id} className="round-child">
            <legend>
              <label>
                <input type="checkbox" checked={ranked !== undefined} onChange={(e) => setChild(s.id, e.target.checked ? [] : null)} /> Enter {s.firstName} {s.lastName}
              </label>
            </legend>
            {ranked !== undefined && options.length === 0 && <p>No class of this semester is for {s.firstName}’s grade.</p>}
            {ranked !== undefined &&
              options.length > 0 &&
              Array.from({ length: Math.min(round.maxChoices, options.length) }, (_, i) => {
                const id = `choice-${s.id}-${i}`;
                const taken = new Set(ranked.filter((_, j) => j !== i));
                return (
                  <div className="round-choice" key={id}>
                    <label htmlFor={id}>{ordinal(i + 1)} choice</label>
                    <select
                      id={id}
                      value={ranked[i] ?? ''}
                      onChange={(e) => {
                        const next = [...ranked];
                        next[i] = e.target.value;
                        setChild(s.id, next);
                      }}
                    >
                      <option value="">{i === 0 ? 'Choose a class' : 'None'}</option>
                      {options
                        .filter((o) => !taken.has(o.id))
                        .map((o) => (
                          <option key={o.id} value={o.id}>
                            {o.label}
                          </option>
                        ))}
                    </select>
                  </div>
                );
              })}
            {ranked !== undefined && reviewDue(s) && (
              <label className="round-linked">
                <input
                  type="checkbox"
                  checked={confirmed.has(s.id)}
                  onChange={(e) =>
                    setConfirmed((set) => {
                      const next = new Set(set);
                      if (e.target.checked) next.add(s.id);
                      else next.delete(s.id);
                      return next;
                    })
                  }
                />{' '}
                {s.firstName}’s information (contacts, health and safety) is still accurate; I changed what was not on <Link to="/account/students">My Students</Link>
              </label>
            )}
          </fieldset>
        );
      })}
      {entered.length > 1 && (
        <label className="round-linked">
          <input type="checkbox" checked={linked} onChange={(e) => setLinked(e.target.checked)} /> Keep my children together: placed together in a class they all ranked, or none of them placed
        </label>
      )}
      <label className="round-linked">
        <input type="checkbox" checked={waitlist} onChange={(e) => setWaitlist(e.target.checked)} /> Put a child on the waitlist of each choice ranked above the place it gets (in draw order)
      </label>
      {releases.length > 0 && (
        <fieldset className="round-child">
          <legend>Releases</legend>
          <p className="muted">Signed once for every child you enter, as at a checkout: a place the draw gives is then accepted in one step.</p>
          {releases.map((r) => (
            <div key={r.id} className="round-release">
              <h2>{r.title}</h2>
              <p className="release-text" tabIndex={0} role="region" aria-label={`Text of the ${r.title}`}>
                {r.text}
              </p>
              <div className="field">
                <label htmlFor={`entry-sign-${r.id}`}>Type your full name to sign the {r.title}</label>
                <input
                  id={`entry-sign-${r.id}`}
                  className="p-inputtext p-component"
                  autoComplete="name"
                  value={signatures[r.id] ?? ''}
                  onChange={(e) => {
                    setDone(false);
                    setProblem('');
                    setSignatures((all) => ({ ...all, [r.id]: e.target.value }));
                  }}
                />
              </div>
            </div>
          ))}
        </fieldset>
      )}
      {methods.length > 1 && (
        <fieldset className="pay-choice">
          <legend>How you will pay for a place</legend>
          {methods.map((m) => (
            <label key={m} className="pay-option">
              <input type="radio" name="entry-pay" value={m} checked={payWith === m} onChange={() => setChosen(m)} />
              <span>{m === 'card' ? 'By card, when I accept the place' : 'At the office (check, cash or Venmo), after I accept the place'}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="round-actions">
        <Button type="submit" disabled={save.isPending}>
          {saved ? 'Save the changes' : 'Enter the round'}
        </Button>
      </div>
      <FormFailure problem={problem} error={save.error} />
      {done && (
        <p role="status">
          Your entry is saved. You may change it until {formatMoment(round.entriesClose)}.
        </p>
      )}
    </form>
  );
}

function Closed({ round, entry, students, titles }: { round: PublicRound; entry: RoundEntry | null; students: Student[]; titles: Map<string, string> }) {
  if (!entry) return <p>Entries closed {formatMoment(round.entriesClose)}. You did not enter this round; any seats left open first come once the draw is done.</p>;
  const name = (id: string) => students.find((s) => s.id === id)?.firstName ?? 'Your child';
  if (!round.drawn) return <p>Entries closed {formatMoment(round.entriesClose)}. Your entry is in the draw, which runs {formatMoment(round.beacon.time)}.</p>;
  if (!entry.results) return <p>The round was drawn {formatMoment(round.drawn.at)}. Your children’s places are being offered in draw order: this page and an email say them within minutes.</p>;
  const title = (id: string) => titles.get(id) ?? 'a class';
  return (
    <section aria-labelledby="round-placed">
      <h2 id="round-placed">Where your children were placed</h2>
      <ul className="round-results">
        {entry.results.map((r) => (
          <li key={r.placement.childId}>
            <strong>{name(r.studentId)}</strong>: {r.placement.placed ? `placed in ${title(r.placement.placed)}` : 'not placed'} ({placementWords(r.placement)}).
            {r.offer && (
              <>
                {' '}
                Accept the place on <Link to="/account/enrollments">My Enrollments</Link> by {formatMoment(r.offer.expiresAt)}; after that it passes to the next child in draw order.
              </>
            )}
            {r.waiting.length > 0 && <> On the waitlist: {r.waiting.map((w) => `${title(w.choiceId)} (${ordinal(w.place)} in line then)`).join(', ')}.</>}
          </li>
        ))}
      </ul>
    </section>
  );
}
