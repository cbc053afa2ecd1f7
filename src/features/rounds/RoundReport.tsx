// The office's view of a round, on the semester's page: demand against the seats free now (from the
// entries so far); before the draw, a dry run on today's entries (never published); after it, the
// draw's fairness by priority group and for linked brothers and sisters, and each child's line as a CSV.
import { useState } from 'react';
import { ordinal } from '../../../contract/format';
import { formatMoment } from '../../../contract/wording';
import type { Fairness, PublicRound, RoundReport as Report } from '../../../contract/rounds';
import { Button } from '../../components/Button';
import { CsvButton } from '../../components/CsvButton';
import { FormFailure } from '../../components/FormFailure';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { AdminTable, ColumnHeaders } from '../../components/table';
import { slug } from '../../lib/csv';
import { failureText } from '../../lib/query';
import { useDryRun, useRoundReport } from './api';

const share = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)} % (${n})` : '—');

export function RoundReport({ round }: { round: PublicRound }) {
  const [state, reload] = useRoundReport(round.semesterId);
  const dryRun = useDryRun();
  const [dry, setDry] = useState<Report | null>(null);
  const [failure, setFailure] = useState('');
  const [running, setRunning] = useState(false);
  if (state.status === 'loading') return <PageLoading label="Loading the round’s entries…" />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const report = state.value.report;
  const outcome = report.fairness ? report : dry;
  const runDry = async () => {
    setRunning(true);
    setFailure('');
    try {
      setDry((await dryRun({ semesterId: round.semesterId, dryRun: true })).report);
    } catch (e) {
      setFailure(failureText(e));
    }
    setRunning(false);
  };
  return (
    <section aria-labelledby="round-report-title" className="round-report">
      <h3 id="round-report-title">Entries and results</h3>
      <p>
        {report.entries} {report.entries === 1 ? 'entry' : 'entries'}, {report.children} {report.children === 1 ? 'child' : 'children'}.
      </p>
      {report.collisions.length > 0 && (
        <div className="round-collisions">
          <p>Refused because another family’s entry already holds the child (a child is entered once: call both families):</p>
          <ul>
            {report.collisions.map((c) => (
              <li key={`${c.studentName}-${c.at}`}>
                {c.studentName}, {formatMoment(c.at)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {report.demand.length > 0 && (
        <AdminTable label="Demand against seats" caption="Demand against seats: children ranking each class or bundle first, and at all" head={<ColumnHeaders columns={['Class or bundle', { label: 'Seats free', num: true }, { label: 'First choice of', num: true }, { label: 'Ranked by', num: true }]} />}>
          {report.demand.map((d) => (
            <tr key={d.choiceId}>
              <th scope="row">{d.title}</th>
              <td className="num">{d.seats}</td>
              <td className="num">{d.first}</td>
              <td className="num">{d.ranked}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {!round.drawn && (
        <div className="round-actions">
          <Button variant="outlined" disabled={running || report.entries === 0} onClick={() => void runDry()}>
            {running ? 'Drawing a dry run…' : 'Dry run on today’s entries'}
          </Button>
          <p className="muted">A dry run draws today’s entries with a throwaway key: nothing is kept or published, and the real draw will differ.</p>
        </div>
      )}
      <FormFailure problem={failure} />
      {outcome?.fairness && (
        <>
          <h4>{report.fairness ? 'The draw’s fairness' : 'The dry run’s fairness (not the draw)'}</h4>
          <FairnessTable fairness={outcome.fairness} />
          <CsvButton
            file={`${slug(round.semesterName)}-round-${report.fairness ? 'results' : 'dry-run'}.csv`}
            rows={() => [
              ['Turn', 'Student', 'Entry', 'Group', 'Number', 'Placed in', 'Choice', 'Linked'],
              ...outcome.results.map((r) => [r.turn + 1, r.studentName, r.entryId, r.group, r.number.toFixed(6), r.placed ?? 'not placed', r.rank === null ? '' : ordinal(r.rank + 1), r.linked ? 'yes' : 'no']),
            ]}
          >
            {report.fairness ? 'Download the results (CSV)' : 'Download the dry run (CSV)'}
          </CsvButton>
        </>
      )}
    </section>
  );
}

function FairnessTable({ fairness }: { fairness: Fairness }) {
  return (
    <>
      <AdminTable label="Fairness by priority group" caption="Children placed in their first choice, in their first or second, and not placed, by priority group" head={<ColumnHeaders columns={['Group', { label: 'Children', num: true }, { label: 'First choice', num: true }, { label: 'First or second', num: true }, { label: 'Not placed', num: true }]} />}>
        {fairness.groups.map((g) => (
          <tr key={g.group}>
            <th scope="row">
              {g.group}. {g.label}
            </th>
            <td className="num">{g.children}</td>
            <td className="num">{share(g.first, g.children)}</td>
            <td className="num">{share(g.firstOrSecond, g.children)}</td>
            <td className="num">{share(g.notPlaced, g.children)}</td>
          </tr>
        ))}
      </AdminTable>
      <p>
        {fairness.siblings.entries === 0
          ? 'No entry linked brothers and sisters.'
          : `Linked brothers and sisters kept together (placed in one class, or none placed): ${fairness.siblings.together} of ${fairness.siblings.entries} ${fairness.siblings.entries === 1 ? 'entry' : 'entries'}.`}
      </p>
    </>
  );
}
