// The incident reports of a meeting on the instructor's phone: a new report is checked before it is
// kept, and a correction is a new report naming the one it corrects, for the same child.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SheetRoster } from '../../contract/domain';
import type { FieldEntryInput, IncidentInput } from '../../contract/field';
import { Incidents, type IncidentStart } from '../../src/features/teaching/Incidents';
import type { FieldSync } from '../../src/features/teaching/useFieldSync';

const MEETING = '2026-12-18';
const roster = { class: { id: 'creek', title: 'Creek Kids' }, entries: [{ student: { id: 'kid-a', firstName: 'Ana', lastName: 'Ruiz' } }, { student: { id: 'kid-b', firstName: 'Ben', lastName: 'Cho' } }] } as unknown as SheetRoster;
const first: IncidentInput = {
  id: 'report-1-000000000000',
  kind: 'incident',
  studentId: 'kid-b',
  meeting: MEETING,
  at: '2026-12-19T00:10:00.000Z',
  incident: { time: '16:05', where: 'Creek', what: 'Bee sting on the hand.', firstAid: 'Ice', told: 'Parent by phone' },
};

function renderIncidents(kept: FieldEntryInput[], start?: IncidentStart) {
  const record = vi.fn();
  const field = { log: { status: 'loading' }, kept, waiting: [], record, names: new Map([['kid-a', 'Ana Ruiz'], ['kid-b', 'Ben Cho']]) } as unknown as FieldSync;
  render(<Incidents roster={roster} field={field} meeting={MEETING} start={start} />);
  return record;
}

describe('incident reports on the phone', () => {
  it('the browser keeps none of what is typed for its autofill: every field of the report says so', async () => {
    renderIncidents([]);
    await userEvent.click(screen.getByRole('button', { name: 'Report an incident' }));
    const form = screen.getByRole('form', { name: 'Incident report' });
    expect(form).toHaveAttribute('autocomplete', 'off');
    const typed = within(form).getAllByRole('textbox');
    expect(typed.length).toBe(4);
    for (const field of typed) expect(field, field.id).toHaveAttribute('autocomplete', 'off');
  });

  it('a report opened from elsewhere on the page (an EpiPen given) comes into view with its first empty field focused', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderIncidents([], { studentId: 'kid-a', what: 'EpiPen Jr (epinephrine auto-injector) given.', key: 'k1' });
    const form = await screen.findByRole('form', { name: 'Incident report' });
    expect(within(form).getByLabelText(/What happened/)).toHaveValue('EpiPen Jr (epinephrine auto-injector) given.');
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(document.activeElement).toBe(within(form).getByLabelText(/Where/));
  });

  it('checks a new report before keeping it, for the child chosen', async () => {
    const record = renderIncidents([]);
    expect(screen.getByText('No incident at this meeting.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Report an incident' }));
    const form = screen.getByRole('form', { name: 'Incident report' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save the report' }));
    expect(within(form).getByText('Child is required')).toBeInTheDocument();
    expect(within(form).getByText('Where is required')).toBeInTheDocument();
    expect(record).not.toHaveBeenCalled();
    await userEvent.selectOptions(within(form).getByLabelText(/Child/), 'kid-a');
    await userEvent.type(within(form).getByLabelText(/Where/), 'Meadow');
    await userEvent.type(within(form).getByLabelText(/What happened/), 'Tripped on a root.');
    await userEvent.type(within(form).getByLabelText(/First aid given/), 'None needed');
    await userEvent.type(within(form).getByLabelText(/Who was told/), 'Parent at pickup');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the report' }));
    expect(record).toHaveBeenCalledTimes(1);
    const saved = record.mock.calls[0][0] as IncidentInput;
    expect(saved).toMatchObject({ kind: 'incident', studentId: 'kid-a', meeting: MEETING, incident: { where: 'Meadow', what: 'Tripped on a root.', firstAid: 'None needed', told: 'Parent at pickup' } });
    expect(saved.incident.time).toMatch(/^\d\d:\d\d$/);
    expect(saved.corrects).toBeUndefined();
    expect(screen.getByRole('status')).toHaveTextContent('The report on Ana Ruiz is saved on this phone');
  });

  it('corrects a report with a new one that names it, for the same child, starting from its words', async () => {
    const record = renderIncidents([first]);
    await userEvent.click(screen.getByRole('button', { name: 'Correct the report on Ben Cho at 4:05 pm' }));
    const form = screen.getByRole('form', { name: 'Correction of an incident report' });
    expect(within(form).queryByLabelText(/Child/)).toBeNull();
    expect(within(form).getByLabelText(/Where/)).toHaveValue('Creek');
    await userEvent.clear(within(form).getByLabelText(/Where/));
    await userEvent.type(within(form).getByLabelText(/Where/), 'Meadow trail');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the correction' }));
    const saved = record.mock.calls[0][0] as IncidentInput;
    expect(saved).toMatchObject({ kind: 'incident', studentId: 'kid-b', corrects: first.id, incident: { ...first.incident, where: 'Meadow trail' } });
    expect(saved.id).not.toBe(first.id);
    expect(screen.getByRole('status')).toHaveTextContent('The correction to the report on Ben Cho is saved on this phone');
  });

  it('lists a meeting’s reports as they stand: a correction in place of what it corrects', () => {
    renderIncidents([first, { ...first, id: 'report-2-000000000000', corrects: first.id, incident: { ...first.incident, where: 'Meadow trail' } }]);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Ben Cho · 4:05 pm · Meadow trail: Bee sting on the hand. · corrected');
  });

  it('opens a report for the child when asked from the page (an epinephrine auto-injector given), with what happened', async () => {
    const record = renderIncidents([], { studentId: 'kid-b', what: 'EpiPen Jr (epinephrine auto-injector) given.', key: 'k1' });
    const form = screen.getByRole('form', { name: 'Incident report' });
    expect(within(form).getByLabelText(/Child/)).toHaveValue('kid-b');
    expect(within(form).getByLabelText(/What happened/)).toHaveValue('EpiPen Jr (epinephrine auto-injector) given.');
    await userEvent.type(within(form).getByLabelText(/Where/), 'Meadow');
    await userEvent.type(within(form).getByLabelText(/First aid given/), 'Epinephrine, 911 called');
    await userEvent.type(within(form).getByLabelText(/Who was told/), 'Parent and office by phone');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the report' }));
    expect(record.mock.calls[0][0]).toMatchObject({ kind: 'incident', studentId: 'kid-b', incident: { what: 'EpiPen Jr (epinephrine auto-injector) given.' } });
  });
});
