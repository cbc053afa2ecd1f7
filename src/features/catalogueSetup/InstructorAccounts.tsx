// The class form's instructor accounts: the staff with the instructor role who see this
// class's roster in their view. The names families see are the Instructors field above.
import { CheckboxField } from '../../components/studentForm/fields';
import { useAdminInstructors } from './api';

export function InstructorAccounts({ value, onChange }: { value: string[]; onChange: (uids: string[]) => void }) {
  const [state] = useAdminInstructors();
  if (state.status !== 'loaded') return null;
  const { instructors } = state.value;
  // Assigned accounts that have since lost the role stay listed, so they can be taken off.
  const known = new Set(instructors.map((i) => i.uid));
  const gone = value.filter((uid) => !known.has(uid));
  return (
    <fieldset className="radio-group">
      <legend>Instructor accounts (see the roster in their view)</legend>
      {instructors.length === 0 && <p className="muted">No staff member has the instructor role yet: an admin adds them on the Staff page.</p>}
      {instructors.map((i) => (
        <CheckboxField key={i.uid} label={i.email} checked={value.includes(i.uid)} onChange={(on) => onChange(on ? [...value, i.uid] : value.filter((x) => x !== i.uid))} />
      ))}
      {gone.map((uid) => (
        <CheckboxField key={uid} label="An account no longer an instructor" checked onChange={() => onChange(value.filter((x) => x !== uid))} />
      ))}
    </fieldset>
  );
}
