import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminClass, Semester } from '../../../../contract/domain';
import { formatCents, formatDateRange, formatTimeRange, formatWeekdays } from '../../../../contract/format';
import { useOfficeAction } from '../shared/EditForm';
import { TableScroll } from '../shared/table';
import { useCopyClass, useCopySemester, useDeleteClass } from '../api';

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
  onChange,
}: {
  semester: Semester;
  semesters: Semester[];
  classes: AdminClass[];
  onChange: () => void;
}) {
  const { busy, run } = useOfficeAction();
  const copySemester = useCopySemester();
  const copyClass = useCopyClass();
  const deleteClass = useDeleteClass();
  const [copyTarget, setCopyTarget] = useState(semester.id);
  const [summary, setSummary] = useState<{ to: string; classes: { id: string; title: string; startDate: string; endDate: string }[]; bundles: string[] } | null>(null);
  const target = semesters.find((s) => s.id === copyTarget);
  const act = async (key: string, action: () => Promise<string>) => {
    if (await run(key, action)) onChange();
  };

  return (
    <section className="admin-card" aria-labelledby="classes-title">
      <div className="card-header">
        <h2 id="classes-title">Classes in {semester.name}</h2>
        <Link className="p-button p-component" to={`class/new?semester=${semester.id}`}>
          <span className="pi pi-plus" aria-hidden="true" />
          <span className="p-button-label">New class</span>
        </Link>
      </div>
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
        <button
          type="button"
          className="p-button p-component p-button-outlined"
          disabled={busy !== null}
          onClick={() => {
            if (!window.confirm(`Copy all ${classes.length} classes of ${semester.name} and their bundles to ${target.name} as drafts?`)) return;
            void act('copy-all', async () => {
              const r = await copySemester.mutateAsync({ fromSemesterId: semester.id, toSemesterId: target.id });
              setSummary({ to: target.name, classes: r.classes, bundles: r.bundles });
              return `Copied ${r.classes.length} classes and ${r.bundles.length} bundles to ${target.name} as drafts.`;
            });
          }}
        >
          <span className="p-button-label">Copy all classes to {target.name}</span>
        </button>
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
          {summary.bundles.length > 0 && <p>Bundles: {summary.bundles.join(', ')}</p>}
        </div>
      )}
      {classes.length === 0 ? (
        <p className="muted">No classes yet. Create one, or copy classes from another semester.</p>
      ) : (
        <TableScroll label={`Classes of ${semester.name}`}>
          <table className="admin-table">
            <caption className="visually-hidden">Classes of {semester.name}</caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Title</th>
                <th scope="col">Type</th>
                <th scope="col">Schedule</th>
                <th scope="col" className="num">
                  Enrolled
                </th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
                  </td>
                  <td className="num">{c.slidingScale ? `${formatCents(c.slidingScale.min)}–${formatCents(c.slidingScale.max)}` : formatCents(c.price)}</td>
                  <td>
                    <div className="row-actions">
                    <Link to={`class/${c.id}?semester=${semester.id}`}>
                      Edit<span className="visually-hidden"> {c.title}</span>
                    </Link>
                    <button
                      type="button"
                      className="link-button"
                      disabled={busy !== null}
                      onClick={() =>
                        act(`copy-${c.id}`, async () => {
                          const r = await copyClass.mutateAsync({ classId: c.id, toSemesterId: copyTarget });
                          return `Copied as a draft: ${r.class.title}.${r.class.startDate ? ` Dates: ${formatDateRange(r.class.startDate, r.class.endDate)}.` : ''}`;
                        })
                      }
                    >
                      Copy<span className="visually-hidden"> {c.title}</span>
                    </button>
                    {c.enrolledCount > 0 && <span className="muted">Not deletable: {c.enrolledCount} enrolled</span>}
                    {c.enrolledCount === 0 && (
                      <button
                        type="button"
                        className="link-button danger"
                        disabled={busy !== null}
                        onClick={() => {
                          if (window.confirm(`Delete ${c.title || 'this draft'}? This cannot be undone.`)) {
                            void act(`delete-${c.id}`, async () => {
                              await deleteClass.mutateAsync({ id: c.id });
                              return `Deleted ${c.title || 'the draft'}.`;
                            });
                          }
                        }}
                      >
                        Delete<span className="visually-hidden"> {c.title}</span>
                      </button>
                    )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
