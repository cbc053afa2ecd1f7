import { useState } from 'react';
import type { StudentProfile } from '../../../../contract/domain';
import { profileErrors, type Errors } from '../../../components/studentForm/errors';
import { CheckboxField } from '../../../components/studentForm/fields';
import { useFlow } from '../FlowContext';
import { focusFirstInvalid } from './StepFrame';

/**
 * Editing one section of the student profile (info or health): changes go to the flow, errors show
 * after the first check and follow each change, and the section's "still accurate" box is required
 * when the info needs a review (`reviewed`: that box, or nothing).
 */
export function useProfileSection(keep: (path: string) => boolean, confirmKey: 'infoConfirmed' | 'healthConfirmed') {
  const { state, update } = useFlow();
  const [errors, setErrors] = useState<Errors>({});
  const [shown, setShown] = useState(false);

  const set = (patch: Partial<StudentProfile>) => {
    if (!state.profile) return;
    const next = { ...state.profile, ...patch };
    update((s) => ({ ...s, profile: next }));
    if (shown) setErrors(profileErrors(next, keep));
  };

  /** Shows the section's problems and focuses the first; true when there are none. */
  const check = (): boolean => {
    const found = state.profile ? profileErrors(state.profile, keep) : {};
    if (state.reviewNeeded && !state[confirmKey]) found[confirmKey] = 'Please confirm this information is still accurate.';
    setErrors(found);
    setShown(true);
    const ok = Object.keys(found).length === 0;
    if (!ok) focusFirstInvalid();
    return ok;
  };

  const reviewed = state.reviewNeeded && (
    <CheckboxField
      label="I have reviewed this information and it is still accurate."
      checked={state[confirmKey]}
      error={errors[confirmKey]}
      onChange={(confirmed) => update((s) => ({ ...s, [confirmKey]: confirmed }))}
    />
  );

  return { state, update, errors, setErrors, shown, set, check, reviewed };
}
