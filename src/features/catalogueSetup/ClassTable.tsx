import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminClass, Semester } from '../../../contract/domain';
import type { Response } from '../../../contract/callables';
import { formatCents, formatDateRange, formatTimeRange, formatWeekdays } from '../../../contract/format';
import { Card } from '../../components/Card';
import { confirm } from '../../components/confirm';
import { deleteBy, DeleteButton, useActionToast } from '../../components/EditForm';
import { AdminTable, ColumnHeaders, RowActions } from '../../components/table';
import { useCopyClass, useCopySemester, useDeleteClass } from './api';
import { Button } from '../../components/Button';
import { NewLink } from '../../components/NewLink';

const STATUS_LABEL: Record<AdminClass['status'], string> = { live: 'Live', draft: 'Draft', paused: 'Paused', 'info-only': 'Info only' };

function schedule(c: AdminClass): string {
  if (!c.startDate || !c.endDate) return '—';
  const days = c.weekdays.length ? formatWeekdays(c.weekdays) : '';
  const time = c.startTime && c.endTime ? formatTimeRange(c.startTime, c.endTime) : '';
  return [formatDateRange(c.startDate, c.endDate), [days, time].filter(Boolean).join(' ')].filter(Boolean).join(' · ');
}

/** The classes of a semester with edit, copy and delete. */
export function ClassTable({
  semester,
  semesters,
  classes,
}: {
  semester: Semester;
  semesters: Semester[];
  classes: AdminClass[];
}) {
  const toast = useActionToast();
  const copySemester = useCopySemester();
  const copyClass = useCopyClass();
  const deleteClass = useDeleteClass();
  const [copyTarget, setCopyTarget] = useState(semester.id);
  const [summary, setSummary] = useState<({ to: string } & Response<'adminCopySemester'>) | null>(null);
  const target = semesters.find((s) => s.id === copyTarget);
  const busy = copySemester.isPending || copyClass.isPending || deleteClass.isPending;

  return (
    <Card id="classes-title" title={`Classes in ${semester.name}`} actions={<NewLink to={`class/new?semester=${semester.id}`} label="New class" />}>
      <div className="field copy-target">
        <label htmlFor="copy-target">Copy classes to</label>
        <select id="copy-target" className="p-inputtext p-component" value={copyTarget} onChange={(e) => setCopyTarget(e.target.value)}>
          {semesters.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        <small className="muted">Copies are drafts; their dates move by the whole weeks between the two semesters' starts.</small>
      </div>
      {target && target.id !== semester.id && classes.length > 0 && (
        <Button
          variant="outlined"
          disabled={busy}
          onClick={async () => {
            if (!(await confirm(`Copy all ${classes.length} classes of ${semester.name} and their bundles to ${target.name} as drafts?`, { yes: 'Copy' }))) return;
            copySemester.mutate(
              { fromSemesterId: semester.id, toSemesterId: target.id },
              {
                onSuccess: (r) => {
                  setSummary({ to: target.name, ...r });
                  const there = r.alreadyThere.classes.length + r.alreadyThere.groups.length;
                  toast.done(
                    `Copied ${r.classes.length} classes and ${r.groups.length} bundles to ${target.name} as drafts.` +
                      (there ? ` ${there} were already there and are left as they are.` : ''),
                  );
                },
                onError: toast.failed,
              },
            );
          }}
        >
          <span className="p-button-label">Copy all classes to {target.name}</span>
        </Button>
      )}
      {summary && (
        <div className="copy-summary" role="status">
          <h3>Copied to {summary.to} (drafts)</h3>
          <ul>
            {summary.classes.map((c) => (
              <li key={c.id}>
                {c.title || 'Untitled draft'}
                {c.startDate && c.endDate && <span className="muted"> · {formatDateRange(c.startDate, c.endDate)}</span>}
              </li>
            ))}
          </ul>
          {summary.groups.length > 0 && <p>Bundles: {summary.groups.join(', ')}</p>}
          {summary.classes.length + summary.groups.length === 0 && <p>Nothing new to copy.</p>}
          {summary.alreadyThere.classes.length + summary.alreadyThere.groups.length > 0 && (
            <p className="muted">
              Already in {summary.to}, left as they are: {[...summary.alreadyThere.classes, ...summary.alreadyThere.groups].join(', ')}.
            </p>
          )}
        </div>
      )}
      {classes.length === 0 ? (
        <p className="muted">No classes yet. Create one, or copy classes from another semester.</p>
      ) : (
        <AdminTable
          label={`Classes of ${semester.name}`}
          caption={`Classes of ${semester.name}`}
          head={
            <ColumnHeaders
              columns={['Status', 'Title', 'Type', 'Schedule', { label: 'Enrolled', num: true }, { label: 'Price', num: true }, { label: 'Actions', hidden: true }]}
            />
          }
        >
          {classes.map((c) => (
            <tr key={c.id}>
              <td>
                <span className={`status-chip status-${c.status}`}>{STATUS_LABEL[c.status]}</span>
              </td>
              <th scope="row">{c.title || <em className="muted">Untitled draft</em>}</th>
              <td>{c.classType}</td>
              <td>{schedule(c)}</td>
              <td className="num">
                {c.enrolledCount} / {c.capacity}
                {(c.waiting ?? 0) > 0 && (
                  <div>
                    <Link to={`waitlist/${c.id}`}>
                      {c.waiting} waiting<span className="visually-hidden"> for {c.title}</span>
                    </Link>
                  </div>
                )}
              </td>
              <td className="num">{c.slidingScale ? `${formatCents(c.slidingScale.min)}–${formatCents(c.slidingScale.max)}` : formatCents(c.price)}</td>
              <RowActions>
                <Link to={`class/${c.id}?semester=${semester.id}`}>
                  Edit<span className="visually-hidden"> {c.title}</span>
                </Link>
                <Link to={`waitlist/${c.id}`}>
                  Waitlist<span className="visually-hidden"> of {c.title}</span>
                </Link>
                <button
                  type="button"
                  className="link-button"
                  disabled={busy}
                  onClick={() =>
                    copyClass.mutate(
                      { classId: c.id, toSemesterId: copyTarget },
                      {
                        onSuccess: (r) =>
                          toast.done(`Copied as a draft: ${r.class.title}.${r.class.startDate ? ` Dates: ${formatDateRange(r.class.startDate, r.class.endDate)}.` : ''}`),
                        onError: toast.failed,
                      },
                    )
                  }
                >
                  Copy<span className="visually-hidden"> {c.title}</span>
                </button>
                {c.enrolledCount > 0 && <span className="muted">Not deletable: {c.enrolledCount} enrolled</span>}
                {c.enrolledCount === 0 && (
                  <DeleteButton
                    name={c.title}
                    question={`Delete ${c.title || 'this draft'}? This cannot be undone.`}
                    done={`Deleted ${c.title || 'the draft'}.`}
                    {...deleteBy(deleteClass, { id: c.id })}
                    busy={busy}
                  />
                )}
              </RowActions>
            </tr>
          ))}
        </AdminTable>
      )}
    </Card>
  );
}
