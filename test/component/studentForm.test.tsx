import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { StudentProfile } from '../../contract/domain';
import { profileErrors, type Errors } from '../../src/components/studentForm/fields';
import { HealthFields } from '../../src/components/studentForm/HealthFields';
import { isHealthPath, isInfoPath } from '../../src/components/studentForm/sections';
import { StudentInfoFields } from '../../src/components/studentForm/StudentInfoFields';
import { emptyProfile } from '../../src/features/enrollment/flowState';

let latest: StudentProfile = emptyProfile();

function Harness({ part }: { part: 'info' | 'health' }) {
  const [profile, setProfile] = useState<StudentProfile>(emptyProfile);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    latest = profile;
  }, [profile]);
  const set = (patch: Partial<StudentProfile>) => setProfile((p) => ({ ...p, ...patch }));
  const Fields = part === 'info' ? StudentInfoFields : HealthFields;
  return (
    <form>
      <Fields profile={profile} errors={errors} set={set} />
      <button type="button" onClick={() => setErrors(profileErrors(profile, part === 'info' ? isInfoPath : isHealthPath))}>
        Check
      </button>
    </form>
  );
}

describe('student form (PRODUCT §3 fields, contract validation)', () => {
  it('shows each required field’s message next to it, and clears it once filled', async () => {
    const user = userEvent.setup();
    render(<Harness part="info" />);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const first = screen.getByLabelText('First name *');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('Is required');
    const guardian = screen.getByRole('group', { name: 'Guardian 1' });
    expect(within(guardian).getByLabelText('Phone *')).toHaveAccessibleDescription('Must be a phone number');
    await user.type(first, 'Theo');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByLabelText('First name *')).toHaveAttribute('aria-invalid', 'false');
    expect(latest.firstName).toBe('Theo');
  });

  it('keeps at least two emergency contacts and adds or removes more', async () => {
    const user = userEvent.setup();
    render(<Harness part="info" />);
    expect(screen.queryByRole('button', { name: /Remove emergency contact/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add emergency contact' }));
    expect(latest.emergencyContacts).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Remove emergency contact 2' }));
    expect(latest.emergencyContacts).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Add pickup person' }));
    await user.type(within(screen.getByRole('group', { name: 'Pickup person 1' })).getByLabelText('Name *'), 'Pat');
    expect(latest.authorizedPickups).toEqual([{ name: 'Pat', relationship: '', phone: '' }]);
  });

  it('records allergies with the life-threatening flag, medications, permissions and insurance', async () => {
    const user = userEvent.setup();
    render(<Harness part="health" />);
    await user.click(screen.getByRole('radio', { name: 'Yes, but without the name' }));
    await user.click(screen.getByRole('button', { name: 'Add allergy' }));
    await user.type(screen.getByLabelText('Allergic to *'), 'Bees');
    await user.click(screen.getByLabelText('Life-threatening'));
    await user.click(screen.getByRole('button', { name: 'Add medication' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByLabelText('Medication *')).toHaveAccessibleDescription('Is required');
    await user.type(screen.getByLabelText('Medication *'), 'EpiPen');
    await user.click(screen.getByLabelText('No health insurance'));
    expect(screen.queryByLabelText('Insurance company')).not.toBeInTheDocument();
    expect(latest.permissions.photo).toBe('yes-without-name');
    expect(latest.health.allergies).toEqual([{ allergen: 'Bees', reaction: '', lifeThreatening: true }]);
    expect(latest.health.medications[0].name).toBe('EpiPen');
    expect(latest.health.noInsurance).toBe(true);
  });
});
