// The student, guardians, emergency contacts and pickups: used by the enrollment step and the account page.
import type { StudentProfile } from '../../../contract/domain';
import { TSHIRT_SIZES } from '../../../contract/domain';
import { GRADE_OPTIONS } from '../../../contract/format';
import { tshirtLabel } from '../../../contract/wording';
import { ContactList } from './ContactList';
import { CheckboxField, SelectField, TextArea, TextField } from './fields';
import { type Errors } from './errors';
import { Rows } from './Rows';

export function StudentInfoFields({ profile: p, errors, set }: { profile: StudentProfile; errors: Errors; set: (patch: Partial<StudentProfile>) => void }) {
  return (
    <>
    <fieldset className="form-section">
          <legend>Student</legend>
          <div className="form-grid">
            <TextField path="firstName" label="First name" required errors={errors} value={p.firstName} autoComplete="off" onChange={(firstName) => set({ firstName })} />
            <TextField path="lastName" label="Last name" required errors={errors} value={p.lastName} autoComplete="off" onChange={(lastName) => set({ lastName })} />
            <TextField path="birthDate" label="Birth date" required type="date" errors={errors} value={p.birthDate} onChange={(birthDate) => set({ birthDate })} />
            <SelectField path="grade" label="Grade this school year" errors={errors} value={p.grade} options={GRADE_OPTIONS} onChange={(grade) => set({ grade })} />
            <TextField path="pronouns" label="Pronouns" errors={errors} value={p.pronouns} onChange={(pronouns) => set({ pronouns })} />
            <TextField path="school" label="School" errors={errors} value={p.school} onChange={(school) => set({ school })} />
            <SelectField path="tshirtSize" label="T-shirt size" errors={errors} value={p.tshirtSize} options={TSHIRT_SIZES.map((s) => ({ value: s, label: tshirtLabel(s) }))} onChange={(tshirtSize) => set({ tshirtSize })} />
          </div>
          <TextArea path="notes" label="Anything the instructors should know" errors={errors} value={p.notes} onChange={(notes) => set({ notes })} />
        </fieldset>
    
        <fieldset className="form-section">
          <legend>Parents and guardians</legend>
          {errors.guardians && <p className="field-error">{errors.guardians}</p>}
          <Rows items={p.guardians} onChange={(guardians) => set({ guardians })} noun="Guardian" min={1} blank={() => ({ name: '', relationship: '', phone: '', email: '', livesWithStudent: false })}>
            {(g, setGuardian, i) => (
              <>
                <TextField path={`guardians.${i}.name`} label="Name" required errors={errors} value={g.name} autoComplete="name" onChange={(name) => setGuardian({ ...g, name })} />
                <TextField path={`guardians.${i}.relationship`} label="Relationship" required errors={errors} value={g.relationship} onChange={(relationship) => setGuardian({ ...g, relationship })} />
                <TextField path={`guardians.${i}.phone`} label="Phone" required type="tel" inputMode="tel" autoComplete="tel" errors={errors} value={g.phone} onChange={(phone) => setGuardian({ ...g, phone })} />
                <TextField path={`guardians.${i}.email`} label="Email" required type="email" inputMode="email" autoComplete="email" errors={errors} value={g.email} onChange={(email) => setGuardian({ ...g, email })} />
                <CheckboxField label="Lives with the student" checked={g.livesWithStudent} onChange={(livesWithStudent) => setGuardian({ ...g, livesWithStudent })} />
              </>
            )}
          </Rows>
        </fieldset>
    
        <ContactList path="emergencyContacts" title="Emergency contacts (at least two, other than the guardians)" noun="Emergency contact" contacts={p.emergencyContacts} min={2} errors={errors} onChange={(emergencyContacts) => set({ emergencyContacts })} />
        <ContactList path="authorizedPickups" title="Who else may pick up the student" noun="Pickup person" contacts={p.authorizedPickups} min={0} errors={errors} onChange={(authorizedPickups) => set({ authorizedPickups })} />
        <TextField path="pickupCodeWord" label="Pickup code word" hint="Anyone picking up who is not on the list must say this word." errors={errors} value={p.pickupCodeWord} onChange={(pickupCodeWord) => set({ pickupCodeWord })} />
        <CheckboxField label="May leave on their own at the end of a class (no adult collects them)" checked={!!p.mayLeaveAlone} onChange={(mayLeaveAlone) => set({ mayLeaveAlone })} />
    </>
  );
}
