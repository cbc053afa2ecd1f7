// Permissions, allergies, medications, doctor and insurance: used by the enrollment step and the account page.
import type { StudentProfile } from '../../../contract/domain';
import { CheckboxField, removeAt, setAt, TextArea, TextField, type Errors } from './fields';

const PHOTO = [
  { value: 'yes', label: 'Yes, photos may be shared with the name' },
  { value: 'yes-without-name', label: 'Yes, but without the name' },
  { value: 'no', label: 'No photos' },
] as const;

export function HealthFields({ profile: p, errors, set }: { profile: StudentProfile; errors: Errors; set: (patch: Partial<StudentProfile>) => void }) {
  const h = p.health;
  const setHealth = (patch: Partial<StudentProfile['health']>) => set({ health: { ...h, ...patch } });
  return (
    <>
    <fieldset className="form-section">
          <legend>Permissions</legend>
          <fieldset className="radio-group">
            <legend>Photos</legend>
            {PHOTO.map((o) => (
              <label key={o.value} className="checkbox-row">
                <input type="radio" name="photo" checked={p.permissions.photo === o.value} onChange={() => set({ permissions: { ...p.permissions, photo: o.value } })} />
                {o.label}
              </label>
            ))}
          </fieldset>
          <CheckboxField label="Staff may apply sunscreen" checked={p.permissions.sunscreen} onChange={(sunscreen) => set({ permissions: { ...p.permissions, sunscreen } })} />
          <CheckboxField label="Staff may apply bug spray" checked={p.permissions.bugSpray} onChange={(bugSpray) => set({ permissions: { ...p.permissions, bugSpray } })} />
        </fieldset>
    
        <fieldset className="form-section">
          <legend>Allergies</legend>
          {h.allergies.length === 0 && <p className="muted">No allergies listed.</p>}
          {h.allergies.map((a, i) => (
            <div key={i} className="person-row" role="group" aria-label={`Allergy ${i + 1}`}>
              <TextField path={`health.allergies.${i}.allergen`} label="Allergic to" required errors={errors} value={a.allergen} onChange={(allergen) => setHealth({ allergies: setAt(h.allergies, i, { ...a, allergen }) })} />
              <TextField path={`health.allergies.${i}.reaction`} label="Reaction and what to do" errors={errors} value={a.reaction} onChange={(reaction) => setHealth({ allergies: setAt(h.allergies, i, { ...a, reaction }) })} />
              <CheckboxField label="Life-threatening" checked={a.lifeThreatening} onChange={(lifeThreatening) => setHealth({ allergies: setAt(h.allergies, i, { ...a, lifeThreatening }) })} />
              <button type="button" className="link-button remove-row" onClick={() => setHealth({ allergies: removeAt(h.allergies, i) })}>
                Remove allergy {i + 1}
              </button>
            </div>
          ))}
          <button type="button" className="p-button p-component p-button-text" onClick={() => setHealth({ allergies: [...h.allergies, { allergen: '', reaction: '', lifeThreatening: false }] })}>
            <span className="pi pi-plus" aria-hidden="true" />
            <span className="p-button-label">Add allergy</span>
          </button>
        </fieldset>
    
        <fieldset className="form-section">
          <legend>Medications</legend>
          {h.medications.length === 0 && <p className="muted">No medications listed.</p>}
          {h.medications.map((m, i) => (
            <div key={i} className="person-row" role="group" aria-label={`Medication ${i + 1}`}>
              <TextField path={`health.medications.${i}.name`} label="Medication" required errors={errors} value={m.name} onChange={(name) => setHealth({ medications: setAt(h.medications, i, { ...m, name }) })} />
              <TextField path={`health.medications.${i}.dose`} label="Dose" errors={errors} value={m.dose} onChange={(dose) => setHealth({ medications: setAt(h.medications, i, { ...m, dose }) })} />
              <TextField path={`health.medications.${i}.schedule`} label="When" errors={errors} value={m.schedule} onChange={(schedule) => setHealth({ medications: setAt(h.medications, i, { ...m, schedule }) })} />
              <button type="button" className="link-button remove-row" onClick={() => setHealth({ medications: removeAt(h.medications, i) })}>
                Remove medication {i + 1}
              </button>
            </div>
          ))}
          <button type="button" className="p-button p-component p-button-text" onClick={() => setHealth({ medications: [...h.medications, { name: '', dose: '', schedule: '' }] })}>
            <span className="pi pi-plus" aria-hidden="true" />
            <span className="p-button-label">Add medication</span>
          </button>
          <CheckboxField label="I authorize staff to give the medications listed" checked={h.medicationAuthorized} onChange={(medicationAuthorized) => setHealth({ medicationAuthorized })} />
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
