// /admin/students/:id: the info sheet of one student, printable.
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { schoolToday } from '../../../contract/schedule';
import { ageOn, formatDate, formatTime } from '../../../contract/format';
import { tshirtLabel } from '../../../contract/wording';
import { ATTENDANCE_LABELS, DOSE_OUTCOME_LABELS, flagsText, pickupText, type Arrival } from '../../../contract/field';
import { formatClock } from '../../../contract/wording';
import { Button, LinkButton } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useAdminStudent, useDeleteStudentForFamily } from './api';
import { confirm } from '../../components/confirm';
import { toCallError } from '../../lib/query';
import { useNotify } from '../../lib/toast';
import { SheetTable } from './sheetParts';
import { allergyText, contactText, formatStamp, gradeText, guardianText, insuranceText, medicationText, photoText, yesNo } from '../../lib/studentText';
import './office.css';

const Item = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <dt>{label}</dt>
    <dd>{children || <span className="muted">—</span>}</dd>
  </>
);

/** When a field entry reached the server, and what the office must look at on it. */
function Arrived({ line }: { line: Partial<Arrival> }) {
  const flags = flagsText(line);
  return (
    <>
      {line.receivedAt && <span className="muted"> · received {formatStamp(line.receivedAt)}</span>}
      {flags && <strong className="field-flag"> · Look at this: {flags}</strong>}
    </>
  );
}

/** /admin/students/:id: everything on file for one student, printable. */
/** One of the sheet's tables: it scrolls sideways inside its box on a phone. */
/** One kind of the child's field records: a heading, then their table, or a line saying there are none. */
function FieldRecords<T>({ title, who, none, caption, columns, rows, children }: { title: string; who: string; none: string; caption: string; columns: string[]; rows: T[]; children: (row: T) => ReactNode }) {
  return (
    <>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{none}</p>
      ) : (
        <SheetTable hideCaption label={`${title} of ${who}`} caption={caption} columns={columns}>
          {rows.map(children)}
        </SheetTable>
      )}
    </>
  );
}

/** Deletes the child's profile for the family, asked first (the functions refuse while the child has somewhere to be). */
function DeleteForFamily({ id, name }: { id: string; name: string }) {
  const remove = useDeleteStudentForFamily();
  const navigate = useNavigate();
  const notify = useNotify();
  const ask = async () => {
    const sure = await confirm(`Delete ${name}’s profile for the family? Health, contacts and pickup codes are erased; enrollments and payments stay without the name. It cannot be undone.`, { yes: 'Delete the profile', no: 'Keep it', danger: true });
    if (!sure) return;
    remove.mutate(
      { id },
      {
        onSuccess: () => {
          notify({ severity: 'success', summary: 'Deleted', detail: `${name}’s profile is deleted.` });
          navigate('/admin/students');
        },
        onError: (e) => notify({ severity: 'error', summary: 'Not deleted', detail: toCallError(e).message }),
      },
    );
  };
  return (
    <Button variant="outlined" disabled={remove.isPending} onClick={() => void ask()}>
      <span className="pi pi-trash" aria-hidden="true" /> Delete this profile
    </Button>
  );
}

export default function StudentSheetPage() {
  const { id = '' } = useParams();
  const [state, reload] = useAdminStudent(id);
  if (state.status === 'loading') return <PageLoading label="Loading the info sheet…" />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const { student: s, enrollments, familyEmail, familyHolder, attendance, incidents, pickups, doses, missedDoses } = state.value;
  const h = s.health;
  const today = schoolToday();
  const name = `${s.firstName} ${s.lastName}`;
  return (
    <div className="page admin-page info-sheet">
      <div className="sheet-toolbar no-print">
        <Link to="/admin/students">
          <span className="pi pi-arrow-left" aria-hidden="true" /> All students
        </Link>
        <div className="row-actions">
          <LinkButton to={`/admin/students/${s.id}/correct`} variant="outlined">
            <span className="pi pi-pencil" aria-hidden="true" /> Correct this record
          </LinkButton>
          <DeleteForFamily id={s.id} name={`${s.firstName} ${s.lastName}`} />
          <Button onClick={() => window.print()}>
            <span className="pi pi-print" aria-hidden="true" /> Print
          </Button>
        </div>
      </div>
      <section className="admin-card class-sheet">
        <h1>
          {s.firstName} {s.lastName}
        </h1>
        {h.allergies.some((a) => a.lifeThreatening) && <p className="tag-danger">Life-threatening allergy</p>}
        <h2>Student</h2>
        <dl>
          <Item label="Birth date">{`${formatDate(s.birthDate, true)} (age ${ageOn(s.birthDate, today)})`}</Item>
          <Item label="Grade">{gradeText(s.grade)}</Item>
          <Item label="Pronouns">{s.pronouns}</Item>
          <Item label="School">{s.school}</Item>
          <Item label="T-shirt size">{tshirtLabel(s.tshirtSize)}</Item>
          <Item label="Notes">{s.notes}</Item>
          <Item label="Family account">
            {[familyHolder?.name, familyHolder?.phone, familyEmail].filter(Boolean).join(' · ')} · <Link to={`/admin/families/${s.ownerUid}`}>The family’s page</Link>
          </Item>
          <Item label="Info last confirmed">{s.infoReviewedAt ? formatStamp(s.infoReviewedAt) : 'Never'}</Item>
        </dl>
        <h2>Guardians</h2>
        <ul className="plain-list">
          {s.guardians.map((g, i) => (
            <li key={i}>
              {guardianText(g)} · {g.email}
              {g.livesWithStudent && ' · lives with student'}
            </li>
          ))}
        </ul>
        <h2>Emergency contacts</h2>
        <ul className="plain-list">
          {s.emergencyContacts.map((c, i) => (
            <li key={i}>{contactText(c)}</li>
          ))}
        </ul>
        <h2>Pickup</h2>
        <dl>
          <Item label="Authorized pickups">{s.authorizedPickups.map(contactText).join('; ')}</Item>
          <Item label="Code word">{s.pickupCodeWord}</Item>
          <Item label="May leave on their own">{s.mayLeaveAlone ? 'Yes' : 'No'}</Item>
        </dl>
        <h2>Permissions</h2>
        <dl>
          <Item label="Photos">{photoText(s.permissions.photo)}</Item>
          <Item label="Sunscreen">{yesNo(s.permissions.sunscreen)}</Item>
          <Item label="Bug spray">{yesNo(s.permissions.bugSpray)}</Item>
        </dl>
        <h2>Health</h2>
        <dl>
          <Item label="Allergies">
            {h.allergies.length ? (
              <ul className="plain-list">
                {h.allergies.map((a, i) => (
                  <li key={i} className={a.lifeThreatening ? 'life-threatening' : undefined}>
                    {allergyText(a)}
                  </li>
                ))}
              </ul>
            ) : (
              'None'
            )}
          </Item>
          <Item label="Medications">{h.medications.map(medicationText).join('; ') || 'None'}</Item>
          <Item label="Medication authorized">{yesNo(h.medicationAuthorized)}</Item>
          <Item label="Medical notes">{h.medicalNotes}</Item>
          <Item label="Doctor">{[h.doctorName, h.doctorPhone].filter(Boolean).join(', ')}</Item>
          <Item label="Insurance">{insuranceText(s)}</Item>
        </dl>
        <h2>Enrollments and signed releases</h2>
        {enrollments.length === 0 ? (
          <p className="muted">No enrollments.</p>
        ) : (
          enrollments.map((e) => (
            <div key={e.id} className="sheet-enrollment">
              <p>
                <strong>{e.classTitles.join(', ') || 'All classes cancelled'}</strong> · enrolled {formatStamp(e.createdAt)}
                {e.status === 'cancelled' && ' · cancelled'}
              </p>
              <SheetTable hideCaption label={`Releases signed on ${formatStamp(e.createdAt)} for ${e.classTitles.join(', ') || 'cancelled classes'}`} caption="Releases signed for this enrollment" columns={['Release', 'Version', 'Signed by', 'When']}>
                {e.releases.map((r) => (
                  <tr key={r.releaseId}>
                    <th scope="row">{r.title}</th>
                    <td>{r.version}</td>
                    <td>{r.typedName}</td>
                    <td>{formatStamp(r.signedAt)}</td>
                  </tr>
                ))}
              </SheetTable>
            </div>
          ))
        )}
        <FieldRecords title="Attendance" who={name} none="Nothing recorded yet." caption="Attendance, newest meeting first" columns={['Meeting', 'Class', 'Attendance', 'Recorded']} rows={attendance}>
          {(a) => (
            <tr key={`${a.classId}/${a.meeting}`}>
              <th scope="row">{formatDate(a.meeting, true)}</th>
              <td>{a.classTitle}</td>
              <td>{ATTENDANCE_LABELS[a.mark]}</td>
              <td>
                {formatStamp(a.at)}
                {a.by && ` by ${a.by}`}
                <Arrived line={a} />
              </td>
            </tr>
          )}
        </FieldRecords>
        <FieldRecords title="Incidents" who={name} none="No incident reported." caption="Incident reports, newest first" columns={['When', 'Class', 'Where', 'What happened', 'First aid', 'Who was told', 'Reported by']} rows={incidents}>
          {(r) => (
            <tr key={r.id}>
              <th scope="row">
                {formatDate(r.meeting, true)}, {formatTime(r.incident.time)}
              </th>
              <td>{r.classTitle}</td>
              <td>{r.incident.where}</td>
              <td>{r.incident.what}</td>
              <td>{r.incident.firstAid}</td>
              <td>{r.incident.told}</td>
              <td>
                {r.by}
                {r.corrected && ' (corrected)'}
                <Arrived line={r} />
              </td>
            </tr>
          )}
        </FieldRecords>
        <FieldRecords title="Medication record" who={name} none="No dose recorded." caption="Every dose recorded, newest first" columns={['When', 'Class', 'Medication', 'What happened', 'Initials', 'Note', 'Recorded by']} rows={doses}>
          {(d) => (
            <tr key={d.id}>
              <th scope="row">
                {formatDate(d.meeting, true)}, {formatClock(d.at)}
              </th>
              <td>{d.classTitle}</td>
              <td>{d.medication}</td>
              <td>
                {DOSE_OUTCOME_LABELS[d.outcome]}
                {d.corrects && ` (corrects the entry of ${formatClock(d.corrects)})`}
                {d.correctedAt && ` (corrected at ${formatClock(d.correctedAt)})`}
              </td>
              <td>{d.initials}</td>
              <td>{d.note}</td>
              <td>
                {d.by}
                <Arrived line={d} />
              </td>
            </tr>
          )}
        </FieldRecords>
        <FieldRecords title="Missed doses" who={name} none="No dose missed." caption="Doses due at past meetings with nothing recorded within the hour, newest first" columns={['Due', 'Class', 'Medication']} rows={missedDoses}>
          {(m) => (
            <tr key={`${m.classTitle}/${m.meeting}/${m.medication}/${m.time}`} className="dose-missed">
              <th scope="row">
                {formatDate(m.meeting, true)}, {formatTime(m.time)}
              </th>
              <td>{m.classTitle}</td>
              <td>{m.medication}: missed, nothing recorded within the hour</td>
            </tr>
          )}
        </FieldRecords>
        <FieldRecords title="Pickups" who={name} none="No pickup recorded." caption="Who collected the child, and every attempt stopped, newest first" columns={['When', 'Class', 'What happened', 'Recorded by']} rows={pickups}>
          {(p) => (
            <tr key={p.id}>
              <th scope="row">
                {formatDate(p.meeting, true)}, {formatClock(p.at)}
              </th>
              <td>{p.classTitle}</td>
              <td>{pickupText(p)}</td>
              <td>
                {p.by}
                <Arrived line={p} />
              </td>
            </tr>
          )}
        </FieldRecords>
      </section>
    </div>
  );
}
