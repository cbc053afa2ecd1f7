// Permissions, allergies, medications, doctor and insurance: used by the enrollment step and the account page.
import type { PhotoPermission, StudentProfile } from '../../../contract/domain';
import { CheckboxField, ChoiceField, TextArea, TextField, YES_NO } from './fields';
import { type Errors } from './errors';
import { Rows } from './Rows';

const PHOTO: { value: PhotoPermission; label: string }[] = [
  { value: 'yes', label: 'Yes, photos may be shared with the name' },
  { value: 'yes-without-name', label: 'Yes, but without the name' },
  { value: 'no', label: 'No photos' },
];

export function HealthFields({ profile: p, errors, set }: { profile: StudentProfile; errors: Errors; set: (patch: Partial<StudentProfile>) => void }) {
  const h = p.health;
  const setHealth = (patch: Partial<StudentProfile['health']>) => set({ health: { ...h, ...patch } });
  // The authorisation is asked afresh whenever the list starts or ends: never an answer given for nothing.
  const setMedications = (medications: StudentProfile['health']['medications']) =>
    setHealth({ medications, medicationAuthorized: medications.length && h.medications.length ? h.medicationAuthorized : null });
  return (
    <>
    <fieldset className="form-section">
          <legend>Permissions</legend>
          <ChoiceField path="permissions.photo" legend="Photos" value={p.permissions.photo} options={PHOTO} errors={errors} onChange={(photo) => set({ permissions: { ...p.permissions, photo } })} />
          <ChoiceField path="permissions.sunscreen" legend="May staff apply sunscreen?" value={p.permissions.sunscreen} options={YES_NO} errors={errors} onChange={(sunscreen) => set({ permissions: { ...p.permissions, sunscreen } })} />
          <ChoiceField path="permissions.bugSpray" legend="May staff apply bug spray?" value={p.permissions.bugSpray} options={YES_NO} errors={errors} onChange={(bugSpray) => set({ permissions: { ...p.permissions, bugSpray } })} />
        </fieldset>
    
        <fieldset className="form-section">
          <legend>Allergies</legend>
          {h.allergies.length === 0 && <p className="muted">No allergies listed.</p>}
          <Rows items={h.allergies} onChange={(allergies) => setHealth({ allergies })} noun="Allergy" blank={() => ({ allergen: '', reaction: '', lifeThreatening: false })}>
            {(a, setAllergy, i) => (
              <>
                <TextField path={`health.allergies.${i}.allergen`} label="Allergic to" required errors={errors} value={a.allergen} onChange={(allergen) => setAllergy({ ...a, allergen })} />
                <TextField path={`health.allergies.${i}.reaction`} label="Reaction and what to do" errors={errors} value={a.reaction} onChange={(reaction) => setAllergy({ ...a, reaction })} />
                <CheckboxField label="Life-threatening" checked={a.lifeThreatening} onChange={(lifeThreatening) => setAllergy({ ...a, lifeThreatening })} />
              </>
            )}
          </Rows>
        </fieldset>
    
        <fieldset className="form-section">
          <legend>Medications</legend>
          {h.medications.length === 0 && <p className="muted">No medications listed.</p>}
          <Rows items={h.medications} onChange={setMedications} noun="Medication" blank={() => ({ name: '', dose: '', schedule: '' })}>
            {(m, setMedication, i) => (
              <>
                <TextField path={`health.medications.${i}.name`} label="Medication" required errors={errors} value={m.name} onChange={(name) => setMedication({ ...m, name })} />
                <TextField path={`health.medications.${i}.dose`} label="Dose" errors={errors} value={m.dose} onChange={(dose) => setMedication({ ...m, dose })} />
                <TextField path={`health.medications.${i}.schedule`} label="When" hint="Times (12:30, 3 pm) or “as needed”: the instructor sees what is due at each class." errors={errors} value={m.schedule} onChange={(schedule) => setMedication({ ...m, schedule })} />
              </>
            )}
          </Rows>
          {h.medications.length > 0 && (
            <ChoiceField
              path="health.medicationAuthorized"
              legend="May staff give the medications listed?"
              value={h.medicationAuthorized}
              options={[
                { value: true, label: 'Yes, I authorize staff to give them as described' },
                { value: false, label: 'No, staff may not give them' },
              ]}
              errors={errors}
              onChange={(medicationAuthorized) => setHealth({ medicationAuthorized })}
            />
          )}
        </fieldset>
    
        <fieldset className="form-section">
          <legend>Doctor and insurance</legend>
          <TextArea path="health.medicalNotes" label="Medical notes (conditions, needs)" errors={errors} value={h.medicalNotes} onChange={(medicalNotes) => setHealth({ medicalNotes })} />
          <div className="form-grid">
            <TextField path="health.doctorName" label="Doctor's name" errors={errors} value={h.doctorName} onChange={(doctorName) => setHealth({ doctorName })} />
            <TextField path="health.doctorPhone" label="Doctor's phone" type="tel" inputMode="tel" errors={errors} value={h.doctorPhone} onChange={(doctorPhone) => setHealth({ doctorPhone })} />
          </div>
          <CheckboxField label="No health insurance" checked={h.noInsurance} onChange={(noInsurance) => setHealth({ noInsurance })} />
          {!h.noInsurance && (
            <div className="form-grid">
              <TextField path="health.insuranceCompany" label="Insurance company" errors={errors} value={h.insuranceCompany} onChange={(insuranceCompany) => setHealth({ insuranceCompany })} />
              <TextField path="health.insuranceId" label="Member ID" errors={errors} value={h.insuranceId} onChange={(insuranceId) => setHealth({ insuranceId })} />
            </div>
          )}
        </fieldset>
    </>
  );
}
