// The office's card for a semester's registration round, on the semester's page: its dates, how long a
// placed family has to accept, how many choices a child may rank and the priority groups in order,
// until entries open (saving makes a new commitment, published at once); then what was published,
// and the draw run by hand (a scheduled job also runs it on time).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { GROUP_RULE_LABELS, GROUP_RULES, MAX_CHOICES, roundPhase, type GroupRule, type PublicRound } from '../../../contract/rounds';
import { schoolInstant, schoolStamp } from '../../../contract/schedule';
import { formatMoment } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { FormFailure } from '../../components/FormFailure';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { SelectField, TextField } from '../../components/studentForm/fields';
import { useRound, useRunDraw, useSaveRound } from './api';
import { RoundReport } from './RoundReport';
import './rounds.css';

/** A moment as the office types it: the school's date and time. */
const local = (iso: string | undefined) => {
  const [date = '', time = ''] = iso ? schoolStamp(iso).split(' ') : [];
  return { date, time };
};

interface Draft {
  open: { date: string; time: string };
  close: { date: string; time: string };
  draw: { date: string; time: string };
  claimHours: string;
  maxChoices: string;
  groups: (GroupRule | '')[];
}

const draftOf = (round: PublicRound | null): Draft => ({
  open: local(round?.entriesOpen),
  close: local(round?.entriesClose),
  draw: local(round?.drawAt),
  claimHours: String(round?.claimHours ?? 48),
  maxChoices: String(round?.maxChoices ?? 3),
  groups: [0, 1, 2].map((i) => round?.groups[i]?.rule ?? ''),
});

const GROUP_OPTIONS = [{ value: '' as const, label: 'None' }, ...GROUP_RULES.map((rule) => ({ value: rule, label: GROUP_RULE_LABELS[rule] }))];

export function RoundCard({ semesterId }: { semesterId: string }) {
  const [state, reload] = useRound(semesterId);
  // Said above the form, which goes once the round's entries have opened.
  const [saved, setSaved] = useState(false);
  if (state.status === 'loading') return <PageLoading label="Loading the registration round…" />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const round = state.value.round;
  const phase = round ? roundPhase(round, new Date()) : null;
  return (
    <Card id="round-title" title="Registration round" className="round-card">
      {!round && <p>Without a round, registration is first come, first served. With one, families enter during a window and a draw anyone can check places their children.</p>}
      {saved && <p role="status">The round is saved: its seed’s hash and beacon round are published.</p>}
      {round && <Published round={round} />}
      {(phase === null || phase === 'upcoming') && <RoundForm semesterId={semesterId} round={round} onSaved={setSaved} />}
      {(phase === 'closed' || phase === 'open') && round && <RunDraw round={round} />}
      {round && phase !== 'upcoming' && <RoundReport round={round} />}
    </Card>
  );
}

function Published({ round }: { round: PublicRound }) {
  return (
    <div className="round-published-office">
      <ul className="round-facts">
        <li>
          Entries {formatMoment(round.entriesOpen)} – {formatMoment(round.entriesClose)}; the draw {formatMoment(round.beacon.time)} (beacon round {round.beacon.round})
        </li>
        <li>
          The seed’s hash, published: <span className="hex">{round.seedHash.slice(0, 16)}…</span>
        </li>
        {round.entriesHash && (
          <li>
            {round.entryCount} {round.entryCount === 1 ? 'entry' : 'entries'}; their hash, published: <span className="hex">{round.entriesHash.slice(0, 16)}…</span>
          </li>
        )}
        {round.drawn && (
          <li>
            Drawn {formatMoment(round.drawn.at)}: {round.drawn.placed} of {round.drawn.children} children placed
          </li>
        )}
      </ul>
      {round.waiting && <p role="status">{round.waiting}</p>}
      <p>
        <Link to={`/rounds/${round.semesterId}`}>The round’s public page</Link>
      </p>
    </div>
  );
}

function RoundForm({ semesterId, round, onSaved }: { semesterId: string; round: PublicRound | null; onSaved: (saved: boolean) => void }) {
  const save = useSaveRound();
  const [d, setD] = useState<Draft>(() => draftOf(round));
  const [problem, setProblem] = useState('');
  const set = (patch: Partial<Draft>) => {
    onSaved(false);
    setD((x) => ({ ...x, ...patch }));
  };
  const submit = () => {
    setProblem('');
    const moments = [d.open, d.close, d.draw];
    if (moments.some((m) => !m.date || !m.time)) return setProblem('Give a date and a time for entries opening, entries closing and the draw.');
    const rules = d.groups.filter((g): g is GroupRule => g !== '');
    if (new Set(rules).size !== rules.length) return setProblem('Each priority group may be named once.');
    save.mutate(
      {
        semesterId,
        entriesOpen: schoolInstant(d.open.date, d.open.time),
        entriesClose: schoolInstant(d.close.date, d.close.time),
        drawAt: schoolInstant(d.draw.date, d.draw.time),
        claimHours: Number(d.claimHours),
        maxChoices: Number(d.maxChoices),
        groups: rules.map((rule) => ({ rule, label: GROUP_RULE_LABELS[rule] })),
      },
      { onSuccess: () => onSaved(true) },
    );
  };
  const when = (key: 'open' | 'close' | 'draw', label: string) => (
    <div className="form-grid">
      <TextField path={`round-${key}-date`} label={`${label}: date`} type="date" errors={{}} value={d[key].date} onChange={(date) => set({ [key]: { ...d[key], date } })} />
      <TextField path={`round-${key}-time`} label={`${label}: time`} type="time" errors={{}} value={d[key].time} onChange={(time) => set({ [key]: { ...d[key], time } })} />
    </div>
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="muted">Times are the school’s. Saving draws a new secret seed and publishes its hash and the beacon round at once; once entries open, nothing about the round can change.</p>
      {when('open', 'Entries open')}
      {when('close', 'Entries close')}
      {when('draw', 'The draw')}
      <div className="form-grid">
        <TextField path="round-claim-hours" label="Hours a placed family has to accept" type="number" errors={{}} value={d.claimHours} onChange={(claimHours) => set({ claimHours })} />
        <SelectField path="round-max-choices" label="Choices a child may rank" errors={{}} value={d.maxChoices} options={Array.from({ length: MAX_CHOICES }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))} onChange={(maxChoices) => set({ maxChoices })} />
      </div>
      <fieldset className="form-section">
        <legend>Priority groups, first first (everyone else comes after)</legend>
        <div className="form-grid">
          {d.groups.map((g, i) => (
            <SelectField key={i} path={`round-group-${i}`} label={`Group ${i + 1}`} errors={{}} value={g} options={GROUP_OPTIONS} onChange={(rule) => set({ groups: d.groups.map((x, j) => (j === i ? rule : x)) })} />
          ))}
        </div>
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        {round ? 'Save the round' : 'Set up a round'}
      </Button>
      <FormFailure problem={problem} error={save.error} />
    </form>
  );
}

function RunDraw({ round }: { round: PublicRound }) {
  const run = useRunDraw();
  const open = roundPhase(round, new Date()) === 'open';
  return (
    <div>
      <Button disabled={run.isPending || open} onClick={() => run.mutate({ semesterId: round.semesterId })}>
        Run the draw now
      </Button>
      {open && <p className="muted">The draw can run once entries close ({formatMoment(round.entriesClose)}).</p>}
      {/* What the draw did shows above, with the round: drawn, or why it waits. */}
      <FormFailure error={run.error} />
    </div>
  );
}
