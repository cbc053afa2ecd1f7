import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Student, StudentProfile } from '../../../contract/domain';
import { profileOf } from '../../components/studentForm/profile';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { profileErrors, type Errors } from '../../components/studentForm/errors';
import { ProfileFields } from '../../components/studentForm/ProfileFields';
import { useNotify } from '../../lib/toast';
import { toCallError } from '../../lib/query';
import { useSaveStudent } from './api';
import { useMyStudents } from '../family/api';
import { Button, LinkButton } from '../../components/Button';
import { andList } from '../../../contract/format';

/** What a family reads when a new grade leaves their child outside a class they are enrolled in. */
const outsideGradesText = (firstName: string, classes: string[]) =>
  `${firstName}'s info is saved. In that grade, ${firstName} is outside the grades of ${andList(classes)}: the office has been told and will be in touch. If the grade was a mistake, correct it here.`;


function Editor({ student }: { student: Student }) {
  const [profile, setProfile] = useState<StudentProfile>(() => profileOf(student));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const notify = useNotify();
  const saveStudent = useSaveStudent();
  const navigate = useNavigate();
  const set = (patch: Partial<StudentProfile>) => setProfile((p) => ({ ...p, ...patch }));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const found = profileErrors(profile, () => true);
    setErrors(found);
    if (Object.keys(found).length) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    try {
      const { outsideGrades } = await saveStudent.mutateAsync({ id: student.id, profile, reviewed: true, ...(student.version !== undefined ? { version: student.version } : {}) });
      notify(
        outsideGrades.length
          ? { severity: 'warn', summary: 'Saved: please check the grade', detail: outsideGradesText(profile.firstName, outsideGrades) }
          : { severity: 'success', summary: 'Saved', detail: `${profile.firstName}'s info is saved.` },
      );
      navigate('/account/students');
    } catch (err) {
      notify({ severity: 'error', summary: 'Not saved', detail: toCallError(err).message });
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="step" onSubmit={save} noValidate>
      <h1>
        {student.firstName} {student.lastName}
      </h1>
      <ProfileFields profile={profile} errors={errors} set={set} />
      <div className="step-actions">
        <LinkButton to="/account/students" variant="outlined">
          <span className="p-button-label">Cancel</span>
        </LinkButton>
        <Button type="submit" disabled={saving}>
          <span className="p-button-label">{saving ? 'Saving…' : 'Save'}</span>
        </Button>
      </div>
    </form>
  );
}

/** /account/students/:id: edit a student's info (saving counts as reviewing it). */
export default function EditStudent() {
  const { id } = useParams();
  const [students, reload] = useMyStudents();
  if (students.status === 'loading') return <PageLoading />;
  if (students.status === 'error') return <LoadError error={students.error} onRetry={reload} />;
  const student = students.value.students.find((s) => s.id === id);
  if (!student) return <LoadError error="We could not find this student in your account." onRetry={reload} />;
  return (
    <div className="page">
      <Editor student={student} />
    </div>
  );
}
