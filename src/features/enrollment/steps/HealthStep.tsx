import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { StudentProfile } from '../../../../contract/domain';
import { call } from '../../../lib/callable';
import { useNotify } from '../../../lib/toast';
import { toCallError } from '../../../lib/useCall';
import { useFlow } from '../FlowContext';
import { stepPath } from '../flowState';
import { CheckboxField, profileErrors, removeAt, setAt, TextArea, TextField, type Errors } from './fields';
import { isHealthPath } from './sections';
import { focusFirstInvalid, StepFrame } from './StepFrame';

const PHOTO = [
  { value: 'yes', label: 'Yes, photos may be shared with the name' },
  { value: 'yes-without-name', label: 'Yes, but without the name' },
  { value: 'no', label: 'No photos' },
] as const;

/** Step 5: permissions, allergies, medications, doctor and insurance; then the student is saved. */
export default function HealthStep() {
  const { state, update } = useFlow();
  const navigate = useNavigate();
  const notify = useNotify();
  const [errors, setErrors] = useState<Errors>({});
  const [shown, setShown] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!state.profile) return <Navigate to={stepPath('student')} replace />;
  const p = state.profile;
  const h = p.health;
  const set = (patch: Partial<StudentProfile>) => {
    const next = { ...p, ...patch };
    update((s) => ({ ...s, profile: next }));
    if (shown) setErrors(profileErrors(next, isHealthPath));
  };
  const setHealth = (patch: Partial<StudentProfile['health']>) => set({ health: { ...h, ...patch } });

  const next = async () => {
    const found = profileErrors(p, isHealthPath);
    if (state.reviewNeeded && !state.healthConfirmed) found.healthConfirmed = 'Please confirm this information is still accurate.';
    setErrors(found);
    setShown(true);
    if (Object.keys(found).length) return focusFirstInvalid();
    if (Object.keys(profileErrors(p, () => true)).length) return navigate(stepPath('info'));
    setSaving(true);
    try {
      const saved = await call('saveStudent', {
        id: state.studentChoice && state.studentChoice !== 'new' ? state.studentChoice : undefined,
        profile: p,
        reviewed: !state.reviewNeeded || (state.infoConfirmed && state.healthConfirmed),
      });
      update((s) => ({ ...s, studentChoice: saved.student.id }));
      navigate(stepPath('releases'));
    } catch (e) {
      const error = toCallError(e);
      notify({ severity: 'error', summary: 'Not saved', detail: error.message });
      setErrors({ save: error.message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <StepFrame title="Health and safety" back={stepPath('info')} onNext={next} busy={saving}>
      {errors.save && (
        <p className="form-failure" role="alert">
          {errors.save}
        </p>
      )}
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

      {state.reviewNeeded && (
        <CheckboxField
          label="I have reviewed this information and it is still accurate."
          checked={state.healthConfirmed}
          error={errors.healthConfirmed}
          onChange={(healthConfirmed) => update((s) => ({ ...s, healthConfirmed }))}
        />
      )}
    </StepFrame>
  );
}
