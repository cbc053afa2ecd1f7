import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { StudentProfile } from '../../contract/domain';
import { profileErrors, type Errors } from '../../src/components/studentForm/errors';
import { HealthFields } from '../../src/components/studentForm/HealthFields';
import { isHealthPath, isInfoPath } from '../../src/components/studentForm/sections';
import { StudentInfoFields } from '../../src/components/studentForm/StudentInfoFields';
import { emptyProfile } from '../../src/components/studentForm/profile';

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

describe('student form (its fields and the contract validation)', () => {
  it('shows each required field’s message next to it, and clears it once filled', async () => {
    const user = userEvent.setup();
    render(<Harness part="info" />);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const first = screen.getByLabelText('First name *');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    // Each message names its field ("Is required" / an empty phone said "Must be a phone number").
    expect(first).toHaveAccessibleDescription('First name is required');
    const guardian = screen.getByRole('group', { name: 'Guardian 1' });
    expect(within(guardian).getByLabelText('Phone *')).toHaveAccessibleDescription('Phone is required');
    await user.type(within(guardian).getByLabelText('Phone *'), '12');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(within(guardian).getByLabelText('Phone *')).toHaveAccessibleDescription('Phone must be a phone number, like (555) 123-4567');
    // Typing stops at the limit instead of failing after.
    expect(first).toHaveAttribute('maxLength', '60');
    expect(within(guardian).getByLabelText('Email *')).toHaveAttribute('maxLength', '254');
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
    expect(screen.getByLabelText('Medication *')).toHaveAccessibleDescription('Medication is required');
    await user.type(screen.getByLabelText('Medication *'), 'EpiPen');
    await user.click(screen.getByLabelText('No health insurance'));
    expect(screen.queryByLabelText('Insurance company')).not.toBeInTheDocument();
    expect(latest.permissions.photo).toBe('yes-without-name');
    expect(latest.health.allergies).toEqual([{ allergen: 'Bees', reaction: '', lifeThreatening: true }]);
    expect(latest.health.medications[0].name).toBe('EpiPen');
    expect(latest.health.noInsurance).toBe(true);
  });

  it('asks every permission and the medication authorisation as a yes/no with nothing chosen', async () => {
    const user = userEvent.setup();
    render(<Harness part="health" />);
    for (const question of ['Photos', 'May staff apply sunscreen?', 'May staff apply bug spray?']) {
      const group = screen.getByRole('group', { name: new RegExp(question.replace('?', '\\?')) });
      for (const radio of within(group).getAllByRole('radio')) expect(radio).not.toBeChecked();
    }
    expect(screen.queryByRole('group', { name: /May staff give the medications/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add medication' }));
    await user.type(screen.getByLabelText('Medication *'), 'EpiPen');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Please answer: May staff give the medications listed?')).toBeInTheDocument();
    expect(screen.getByText('Please answer: May staff apply sunscreen?')).toBeInTheDocument();
    expect(screen.getByText('Please answer: Photos')).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: /May staff give the medications/ })).getByRole('radio', { name: /No, staff may not/ }));
    await user.click(within(screen.getByRole('group', { name: /sunscreen/ })).getByRole('radio', { name: 'Yes' }));
    await user.click(within(screen.getByRole('group', { name: /bug spray/ })).getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('radio', { name: 'No photos' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.queryByText(/Please answer/)).not.toBeInTheDocument();
    expect(latest.health.medicationAuthorized).toBe(false);
    expect(latest.permissions).toEqual({ photo: 'no', sunscreen: true, bugSpray: false });
  });

  it('refuses a birth date in the future and says so in words', async () => {
    const user = userEvent.setup();
    render(<Harness part="info" />);
    const birth = screen.getByLabelText(/Birth date/);
    await user.type(birth, '2031-05-05');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByLabelText(/Birth date/)).toHaveAccessibleDescription(/cannot be in the future/);
  });
});
