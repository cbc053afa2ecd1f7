// /rounds/:semesterId: a registration round as anyone may read it. What happens when, in words; what
// the round published and when (the seed's hash and the beacon's round when it opened, the entries'
// hash when they closed, the seed and the beacon's value at the draw); once drawn, Verify draws it
// again in this browser and the record downloads for anyone to check elsewhere.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { QUICKNET } from '../../../contract/beacon';
import { roundPhase, type PublicRound } from '../../../contract/rounds';
import { formatMoment } from '../../../contract/wording';
import { Button, LinkButton } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { downloadBlob } from '../../lib/download';
import { failureText } from '../../lib/query';
import { slug } from '../../lib/csv';
import { useRecordFetch, useRound } from './api';
import { NoRound } from './NoRound';
import { recordProblem } from './verify';
import './rounds.css';

export default function RoundPage() {
  const { semesterId = '' } = useParams();
  const [state, reload] = useRound(semesterId);
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const round = state.value.round;
  if (!round) return <NoRound />;
  return (
    <div className="page page-narrow round-page">
      <h1>{round.semesterName}: places by a draw</h1>
      <Summary round={round} />
      <HowItWorks round={round} />
      <Published round={round} />
      {round.drawn && <Check round={round} />}
    </div>
  );
}

function Summary({ round }: { round: PublicRound }) {
  const phase = roundPhase(round, new Date());
  const drawn = round.drawn;
  return (
    <section aria-label="When" className="round-summary">
      {phase === 'upcoming' && (
        <p>
          Entries open {formatMoment(round.entriesOpen)} and close {formatMoment(round.entriesClose)}. The draw runs {formatMoment(round.beacon.time)}.
        </p>
      )}
      {phase === 'open' && (
        <>
          <p>
            Entries are open until <strong>{formatMoment(round.entriesClose)}</strong>. The draw runs {formatMoment(round.beacon.time)}.
          </p>
          <p>Entering early gives no advantage: the order comes from the draw, not from when you enter. You may change your entry until entries close.</p>
          <LinkButton to={`/rounds/${round.semesterId}/entry`}>Enter the round</LinkButton>
        </>
      )}
      {phase === 'closed' && (
        <p>
          Entries closed {formatMoment(round.entriesClose)} with {round.entryCount ?? 'the'} {round.entryCount === 1 ? 'entry' : 'entries'}. The draw runs {formatMoment(round.beacon.time)}.
        </p>
      )}
      {round.waiting && (
        <p role="status" className="round-waiting">
          {round.waiting}
        </p>
      )}
      {drawn && (
        <p>
          Drawn {formatMoment(drawn.at)}: {drawn.placed} of {drawn.children} children placed in a class they ranked.
        </p>
      )}
    </section>
  );
}

function HowItWorks({ round }: { round: PublicRound }) {
  return (
    <section aria-labelledby="round-how">
      <h2 id="round-how">How places are drawn</h2>
      <ol className="round-steps">
        <li>Each family enters once, naming its children and ranking up to {round.maxChoices === 1 ? 'one class' : `${round.maxChoices} classes or bundles`} for each.</li>
        <li>
          Entries take their turn by priority group, then by a number drawn for each entry.
          {round.groups.length > 0 && (
            <>
              {' '}
              The groups, first first: {round.groups.map((g, i) => `${i + 1}. ${g.label}`).join('; ')}; then everyone else.
            </>
          )}
        </li>
        <li>At its turn, each child gets the best-ranked choice that still has a seat. Brothers and sisters entered together are placed together in a class they all ranked, or not at all (a family may unlink them).</li>
        <li>Nobody can choose the numbers, the school included: they come from a secret the school committed to before any entry existed, and from a public beacon’s value that nobody knew until after entries closed.</li>
      </ol>
    </section>
  );
}

function Published({ round }: { round: PublicRound }) {
  const chain = round.beacon.chain === QUICKNET.hash ? 'drand quicknet (League of Entropy)' : 'the emulators’ stand-in beacon (not a real chain)';
  return (
    <section aria-labelledby="round-published">
      <h2 id="round-published">What the round published, and when</h2>
      <dl className="round-published">
        <dt>The secret seed’s SHA-256, published {formatMoment(round.committedAt)}</dt>
        <dd className="hex">{round.seedHash}</dd>
        <dt>The beacon round, named then</dt>
        <dd>
          Round {round.beacon.round} of {chain}, due {formatMoment(round.beacon.time)}
        </dd>
        <dt>The entries’ SHA-256, published when entries closed</dt>
        <dd className="hex">{round.entriesHash ?? 'Published when entries close.'}</dd>
        <dt>The seed, revealed at the draw</dt>
        <dd className="hex">{round.drawn?.seed ?? 'Revealed at the draw.'}</dd>
        <dt>The beacon’s value</dt>
        <dd className="hex">{round.drawn?.beacon.randomness ?? 'Known only once its round is out.'}</dd>
      </dl>
    </section>
  );
}

type Checked = { status: 'idle' } | { status: 'checking' } | { status: 'done'; problem: string | null } | { status: 'failed'; message: string };

function Check({ round }: { round: PublicRound }) {
  const fetchRecord = useRecordFetch();
  const [checked, setChecked] = useState<Checked>({ status: 'idle' });
  const record = () => fetchRecord({ semesterId: round.semesterId }).then((r) => r.record);
  const verify = async () => {
    setChecked({ status: 'checking' });
    try {
      setChecked({ status: 'done', problem: await recordProblem(await record(), round) });
    } catch (error) {
      setChecked({ status: 'failed', message: failureText(error) });
    }
  };
  const download = async () => {
    try {
      downloadBlob(`round-${slug(round.semesterName)}.json`, new Blob([JSON.stringify(await record(), null, 1)], { type: 'application/json' }));
    } catch (error) {
      setChecked({ status: 'failed', message: failureText(error) });
    }
  };
  return (
    <section aria-labelledby="round-check">
      <h2 id="round-check">Check the draw</h2>
      <p>Verify downloads the round’s record and draws it again here, in your browser: nothing is taken on the school’s word. The record also downloads, for anyone to check with a program of their own.</p>
      <div className="round-actions">
        <Button onClick={() => void verify()} disabled={checked.status === 'checking'}>
          Verify
        </Button>
        <Button variant="outlined" onClick={() => void download()}>
          Download the record (JSON)
        </Button>
      </div>
      <div aria-live="polite">
        {checked.status === 'checking' && <p role="status">Drawing again…</p>}
        {checked.status === 'done' && checked.problem === null && (
          <p className="round-verdict round-verdict-ok">
            <span className="pi pi-check-circle" aria-hidden="true" /> It matches: the seed matches the hash published when the round opened, the entries match the hash published when they closed, the beacon’s value is signed by its chain, and drawing again gives the same placements.
          </p>
        )}
        {checked.status === 'done' && checked.problem !== null && (
          <p className="round-verdict round-verdict-bad" role="alert">
            <span className="pi pi-times-circle" aria-hidden="true" /> It does not match: {checked.problem}
          </p>
        )}
        {checked.status === 'failed' && (
          <p role="alert" className="form-failure">
            {checked.message}
          </p>
        )}
      </div>
    </section>
  );
}
