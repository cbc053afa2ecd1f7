// /admin/messages (the previous portal's Enrollment Messages): banners above the class list,
// in markdown, with a severity and optional first and last days; each shows while active.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ANNOUNCEMENT_SEVERITIES, type Announcement, type AnnouncementSeverity } from '../../../contract/domain';
import { announcementSchema } from '../../../contract/api/admin';
import { formatDate } from '../../../contract/format';
import { formatMoment } from '../../../contract/wording';
import { schoolToday } from '../../../contract/schedule';
import { LoadError } from '../../components/LoadError';
import { Markdown } from '../../components/Markdown';
import { PageLoading } from '../../components/PageLoading';
import { EditById } from '../../components/EditById';
import { SelectField, TextArea, TextField } from '../../components/studentForm/fields';
import { deleteBy, DeleteButton, EditAndDelete, EditForm, useCheckedSave } from '../../components/EditForm';
import { NewLink } from '../../components/NewLink';
import { useAnnouncements, useDeleteAnnouncement, useSaveAnnouncement } from './api';

const SEVERITY_LABEL: Record<AnnouncementSeverity, string> = { urgent: 'Urgent (red)', warning: 'Warning (amber)', info: 'News (blue)' };

/** "Showing now", "From Dec 1", "Ended Nov 30". */
function when(a: Announcement, today: string): string {
  if (a.endsOn && a.endsOn < today) return `Ended ${formatDate(a.endsOn, true)}`;
  if (a.startsOn && a.startsOn > today) return `From ${formatDate(a.startsOn, true)}${a.endsOn ? ` to ${formatDate(a.endsOn, true)}` : ''}`;
  return a.endsOn ? `Showing now, until ${formatDate(a.endsOn, true)}` : 'Showing now';
}

/** One announcement as families see it, when it shows, and its actions. */
type DeleteProps = Parameters<typeof DeleteButton>[0];

function Item({ a, today, busy, remove }: { a: Announcement; today: string } & Pick<DeleteProps, 'busy' | 'remove'>) {
  return (
    <li className="admin-card">
      <div className={`announcement announcement-${a.severity}`}>
        <Markdown text={a.markdown} className="markdown" />
      </div>
      <p className="muted">
        {SEVERITY_LABEL[a.severity]} · {when(a, today)} · changed {formatMoment(a.updatedAt)} by {a.updatedBy}
      </p>
      <div className="row-actions">
        <EditAndDelete
          to={a.id}
          name={`the announcement changed ${formatMoment(a.updatedAt)}`}
          question="Delete this announcement? Families no longer see it."
          done="The announcement is deleted."
          busy={busy}
          remove={remove}
        />
      </div>
    </li>
  );
}

/** /admin/messages: the announcements. */
export default function Announcements() {
  const [state, reload] = useAnnouncements();
  const remove = useDeleteAnnouncement();
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const today = schoolToday();
  return (
    <div className="page admin-page">
      <h1>Announcements</h1>
      <div className="card-header">
        <p className="muted">Shown to families above the class list while active, most urgent first.</p>
        <NewLink to="new" label="New announcement" />
      </div>
      {state.value.announcements.length === 0 ? (
        <p className="empty-panel">No announcements yet.</p>
      ) : (
        <ul className="announcement-list">
          {state.value.announcements.map((a) => (
            <Item key={a.id} a={a} today={today} {...deleteBy(remove, { id: a.id })} />
          ))}
        </ul>
      )}
    </div>
  );
}

type Draft = Pick<Announcement, 'markdown' | 'severity' | 'startsOn' | 'endsOn'>;

function Form({ initial, id }: { initial: Draft; id?: string }) {
  const [a, setA] = useState<Draft>(initial);
  const set = (patch: Partial<Draft>) => setA((x) => ({ ...x, ...patch }));
  const saveCall = useSaveAnnouncement();
  const { errors, save } = useCheckedSave(announcementSchema, { ...a, ...(id ? { id } : {}) }, saveCall, () => ({ message: 'The announcement is saved.', to: '/admin/messages' }));
  return (
    <EditForm title={id ? 'Edit announcement' : 'New announcement'} cancelTo="/admin/messages" saveLabel="Save announcement" mutation={saveCall} onSubmit={save}>
      <TextArea path="markdown" label="Text (markdown)" errors={errors} value={a.markdown} maxLength={2000} onChange={(markdown) => set({ markdown })} />
      {a.markdown && (
        <div className={`announcement announcement-${a.severity}`} aria-label="Announcement preview">
          <Markdown text={a.markdown} className="markdown" />
        </div>
      )}
      <div className="form-grid">
        <SelectField path="severity" label="Severity" errors={errors} value={a.severity} options={ANNOUNCEMENT_SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABEL[s] }))} onChange={(severity) => set({ severity })} />
        <TextField path="startsOn" label="First day shown (optional)" type="date" errors={errors} value={a.startsOn ?? ''} onChange={(v) => set({ startsOn: v || null })} />
        <TextField path="endsOn" label="Last day shown (optional)" type="date" errors={errors} value={a.endsOn ?? ''} onChange={(v) => set({ endsOn: v || null })} />
      </div>
    </EditForm>
  );
}

/** /admin/messages/:id: one announcement. */
export function EditAnnouncement() {
  const { id } = useParams();
  return (
    <EditById load={useAnnouncements()} find={(v) => v.announcements.find((a) => a.id === id)} missing="This announcement does not exist.">
      {(found) => <Form key={found.id} id={found.id} initial={found} />}
    </EditById>
  );
}

/** /admin/messages/new: a new announcement. */
export function NewAnnouncement() {
  return <Form initial={{ markdown: '', severity: 'info', startsOn: null, endsOn: null }} />;
}
