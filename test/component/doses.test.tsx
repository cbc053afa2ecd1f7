// Medication doses on the instructor's phone: recorded with initials, never given without the family's
// authorisation, a dose as needed says why and asks for a follow-up, an epinephrine auto-injector
// given opens an incident report, and a dose due and not recorded within the hour shows as missed.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SheetRoster, Student } from '../../contract/domain';
import type { DoseInput, FieldEntryInput } from '../../contract/field';
import { addDaysIso } from '../../contract/schedule';
import { Doses } from '../../src/features/teaching/Doses';
import type { FieldSync } from '../../src/features/teaching/useFieldSync';
import { schoolStamp } from '../../contract/schedule';

const TODAY = schoolStamp(new Date().toISOString()).slice(0, 10);

function renderDoses(health: Partial<Student['health']>, kept: FieldEntryInput[] = [], meeting = TODAY) {
  const ana = { id: 'kid-a', firstName: 'Ana', lastName: 'Ruiz', health: { medicationAuthorized: true, medications: [], ...health } } as unknown as Student;
  const roster = { class: { id: 'creek', title: 'Creek Kids', startTime: '00:00', endTime: '23:59' }, entries: [{ student: ana, enrollmentId: 'e1', addOns: [] }] } as unknown as SheetRoster;
  const record = vi.fn();
  const onEpinephrine = vi.fn();
  const field = { log: { status: 'loading' }, kept, waiting: [], record, names: new Map([['kid-a', 'Ana Ruiz']]) } as unknown as FieldSync;
  render(<Doses roster={roster} field={field} meeting={meeting} onEpinephrine={onEpinephrine} />);
  return { record, onEpinephrine, doses: () => record.mock.calls.map((c) => c[0] as DoseInput) };
}
const open = (medication: string) => userEvent.click(screen.getByRole('button', { name: `Record a dose of ${medication} for Ana Ruiz` }));

describe('medication doses on the phone', () => {
  it('records a dose given, with the instructor’s initials (required)', async () => {
    const { doses } = renderDoses({ medications: [{ name: 'Ritalin', dose: '5 mg', schedule: '3:30 pm' }] });
    await open('Ritalin');
    const form = screen.getByRole('form', { name: 'Dose of Ritalin for Ana Ruiz' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save the dose' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Your initials are required (2 to 8 letters).');
    expect(doses()).toEqual([]);
    await userEvent.type(within(form).getByLabelText('Your initials'), 'jm');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the dose' }));
    expect(doses()).toEqual([expect.objectContaining({ kind: 'dose', studentId: 'kid-a', medication: 'Ritalin', outcome: 'given', initials: 'JM', note: '' })]);
    expect(screen.getByRole('status')).toHaveTextContent('Ritalin given for Ana: saved on this phone at');
  });

  it('never offers "given" without the family’s authorisation', async () => {
    const { doses } = renderDoses({ medicationAuthorized: false, medications: [{ name: 'Ritalin', dose: '5 mg', schedule: '3:30 pm' }] });
    expect(screen.getByText(/Not authorized to give medication/)).toBeInTheDocument();
    await open('Ritalin');
    expect(screen.getByRole('radio', { name: /Given/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Not given' })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Your initials'), 'JM');
    await userEvent.click(screen.getByRole('button', { name: 'Save the dose' }));
    expect(doses()[0].outcome).toBe('not-given');
  });

  it('a dose as needed says why, then asks for a follow-up 30 minutes later', async () => {
    const { doses } = renderDoses({ medications: [{ name: 'Inhaler', dose: '2 puffs', schedule: 'as needed' }] });
    await open('Inhaler');
    await userEvent.type(screen.getByLabelText('Your initials'), 'JM');
    await userEvent.click(screen.getByRole('button', { name: 'Save the dose' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Why it was needed: please say.');
    await userEvent.type(screen.getByLabelText('Why it was needed'), 'Wheezing after the hill climb');
    await userEvent.click(screen.getByRole('button', { name: 'Save the dose' }));
    expect(doses()[0]).toMatchObject({ outcome: 'given', note: 'Wheezing after the hill climb' });
  });

  it('shows the follow-up due after a dose given as needed, and records it', async () => {
    const given: DoseInput = { id: 'dose-1-000000000000', kind: 'dose', studentId: 'kid-a', meeting: TODAY, at: new Date().toISOString(), medication: 'Inhaler', outcome: 'given', initials: 'JM', note: 'Wheezing' };
    const { doses } = renderDoses({ medications: [{ name: 'Inhaler', dose: '2 puffs', schedule: 'as needed' }] }, [given]);
    expect(screen.getByText(/^Follow up on Ana at \d{1,2}:\d{2} (am|pm)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Record the follow-up on Ana Ruiz after Inhaler' }));
    const form = screen.getByRole('form', { name: 'Follow-up on Ana Ruiz after Inhaler' });
    await userEvent.type(within(form).getByLabelText('Your initials'), 'JM');
    await userEvent.type(within(form).getByLabelText('How is Ana now?'), 'Breathing easily');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the follow-up' }));
    expect(doses()[0]).toMatchObject({ outcome: 'follow-up', note: 'Breathing easily' });
  });

  it('an epinephrine auto-injector given opens an incident report', async () => {
    const { onEpinephrine } = renderDoses({ medications: [{ name: 'EpiPen Jr', dose: '0.15 mg', schedule: 'as needed for anaphylaxis' }] });
    await open('EpiPen Jr');
    await userEvent.type(screen.getByLabelText('Your initials'), 'JM');
    await userEvent.type(screen.getByLabelText('Why it was needed'), 'Bee sting, swelling lips');
    await userEvent.click(screen.getByRole('button', { name: 'Save the dose' }));
    expect(onEpinephrine).toHaveBeenCalledWith('kid-a', 'EpiPen Jr');
    expect(screen.getByRole('status')).toHaveTextContent('An epinephrine auto-injector was given: an incident report is open below');
  });

  it('a dose due and not recorded within the hour shows as missed', () => {
    renderDoses({ medications: [{ name: 'Ritalin', dose: '5 mg', schedule: '3:30 pm' }] }, [], addDaysIso(TODAY, -1));
    expect(screen.getByText('Due 3:30 pm · missed: nothing recorded within the hour')).toBeInTheDocument();
  });

  it('a mistake is corrected by a new entry that names it, never by changing it', async () => {
    const wrong: DoseInput = { id: 'dose-2-000000000000', kind: 'dose', studentId: 'kid-a', meeting: TODAY, at: new Date().toISOString(), medication: 'Ritalin', outcome: 'given', initials: 'JM', note: '' };
    const { doses } = renderDoses({ medications: [{ name: 'Ritalin', dose: '5 mg', schedule: '3:30 pm' }] }, [wrong]);
    await userEvent.click(screen.getByRole('button', { name: /^Correct the given of Ritalin for Ana Ruiz at / }));
    const form = screen.getByRole('form', { name: 'Correction: Dose of Ritalin for Ana Ruiz' });
    expect(within(form).getByRole('radio', { name: 'Given' })).toBeChecked();
    await userEvent.click(within(form).getByRole('radio', { name: 'Refused' }));
    await userEvent.type(within(form).getByLabelText('Your initials'), 'JM');
    await userEvent.type(within(form).getByLabelText('Why (optional)'), 'Spat it out');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the correction' }));
    expect(doses()).toEqual([expect.objectContaining({ kind: 'dose', medication: 'Ritalin', outcome: 'refused', note: 'Spat it out', corrects: wrong.id })]);
    expect(doses()[0].id).not.toBe(wrong.id);
  });
});
