// The student, guardians, emergency contacts and pickups: used by the enrollment step and the account page.
import type { StudentProfile } from '../../../contract/domain';
import { TSHIRT_SIZES } from '../../../contract/domain';
import { GRADE_OPTIONS } from '../../../contract/format';
import { tshirtLabel } from '../../../contract/wording';
import { ContactList } from './ContactList';
import { CheckboxField, removeAt, SelectField, setAt, TextArea, TextField } from './fields';
import { type Errors } from './errors';
import { Button } from '../Button';

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
          {p.guardians.map((g, i) => (
            <div key={i} className="person-row" role="group" aria-label={`Guardian ${i + 1}`}>
              <TextField path={`guardians.${i}.name`} label="Name" required errors={errors} value={g.name} autoComplete="name" onChange={(name) => set({ guardians: setAt(p.guardians, i, { ...g, name }) })} />
              <TextField path={`guardians.${i}.relationship`} label="Relationship" required errors={errors} value={g.relationship} onChange={(relationship) => set({ guardians: setAt(p.guardians, i, { ...g, relationship }) })} />
              <TextField path={`guardians.${i}.phone`} label="Phone" required type="tel" inputMode="tel" autoComplete="tel" errors={errors} value={g.phone} onChange={(phone) => set({ guardians: setAt(p.guardians, i, { ...g, phone }) })} />
              <TextField path={`guardians.${i}.email`} label="Email" required type="email" inputMode="email" autoComplete="email" errors={errors} value={g.email} onChange={(email) => set({ guardians: setAt(p.guardians, i, { ...g, email }) })} />
              <CheckboxField label="Lives with the student" checked={g.livesWithStudent} onChange={(livesWithStudent) => set({ guardians: setAt(p.guardians, i, { ...g, livesWithStudent }) })} />
              {p.guardians.length > 1 && (
                <button type="button" className="link-button remove-row" onClick={() => set({ guardians: removeAt(p.guardians, i) })}>
                  Remove guardian {i + 1}
                </button>
              )}
            </div>
          ))}
          <Button variant="text" onClick={() => set({ guardians: [...p.guardians, { name: '', relationship: '', phone: '', email: '', livesWithStudent: false }] })}>
            <span className="pi pi-plus" aria-hidden="true" />
            <span className="p-button-label">Add guardian</span>
          </Button>
        </fieldset>
    
        <ContactList path="emergencyContacts" title="Emergency contacts (at least two, other than the guardians)" noun="Emergency contact" contacts={p.emergencyContacts} min={2} errors={errors} onChange={(emergencyContacts) => set({ emergencyContacts })} />
        <ContactList path="authorizedPickups" title="Who else may pick up the student" noun="Pickup person" contacts={p.authorizedPickups} min={0} errors={errors} onChange={(authorizedPickups) => set({ authorizedPickups })} />
        <TextField path="pickupCodeWord" label="Pickup code word" hint="Anyone picking up who is not on the list must say this word." errors={errors} value={p.pickupCodeWord} onChange={(pickupCodeWord) => set({ pickupCodeWord })} />
        <CheckboxField label="May leave on their own at the end of a class (no adult collects them)" checked={!!p.mayLeaveAlone} onChange={(mayLeaveAlone) => set({ mayLeaveAlone })} />
    </>
  );
}
