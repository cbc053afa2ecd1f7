// Checked pickup on the instructor's phone: a listed adult's code is checked against the check value
// the phone holds (no server), a wrong one stops with the phones to call, a listed adult without a
// code for the year and someone not on the list pass only with the family's code word, and a child
// leaves alone only where the family allows it. Every attempt is recorded.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SheetRoster, Student } from '../../contract/domain';
import { newSalt, pickupCheckValue, type PickupCheck, type PickupInput } from '../../contract/field';
import { SCHOOL_OFFICE_PHONE } from '../../contract/constants';
import { Pickups } from '../../src/features/teaching/Pickups';
import type { FieldSync } from '../../src/features/teaching/useFieldSync';

const MEETING = '2026-12-18';
const CODE = '318274';
let sam: PickupCheck;
beforeAll(async () => {
  const salt = newSalt();
  sam = { name: 'Sam Rivera', salt, check: await pickupCheckValue(CODE, salt) };
});

function renderPickups(student: Partial<Student> = {}) {
  const ana = {
    id: 'kid-a', firstName: 'Ana', lastName: 'Ruiz', pickupCodeWord: 'owl', mayLeaveAlone: false,
    guardians: [{ name: 'Sam Rivera', relationship: 'Parent', phone: '(555) 123-4567', email: 'sam@example.com', livesWithStudent: true }],
    authorizedPickups: [{ name: 'Grandma Rose', relationship: 'Grandmother', phone: '(555) 222-3333' }],
    ...student,
  } as Student;
  const roster = { class: { id: 'creek', title: 'Creek Kids' }, entries: [{ student: ana, enrollmentId: 'e1', addOns: [], pickups: [sam] }] } as unknown as SheetRoster;
  const record = vi.fn();
  const field = { log: { status: 'loading' }, kept: [], waiting: [], record, names: new Map([['kid-a', 'Ana Ruiz']]) } as unknown as FieldSync;
  render(<Pickups roster={roster} field={field} meeting={MEETING} />);
  return { record, recorded: () => record.mock.calls.map((c) => c[0] as PickupInput).map((p) => [p.adult, p.check]) };
}

const pick = async (who: string | RegExp) => {
  await userEvent.click(screen.getByRole('button', { name: 'Release Ana Ruiz' }));
  await userEvent.click(screen.getByRole('radio', { name: who }));
};
const typeCode = async (code: string) => {
  await userEvent.type(screen.getByLabelText('Sam Rivera’s pickup code'), code);
  await userEvent.click(screen.getByRole('button', { name: 'Check the code' }));
};

describe('checked pickup on the phone', () => {
  it('releases to a listed adult who gives their code, and records it', async () => {
    const { recorded } = renderPickups();
    await pick('Sam Rivera');
    expect(screen.getByRole('button', { name: 'Check the code' })).toBeDisabled();
    await typeCode(CODE);
    expect(await screen.findByRole('status')).toHaveTextContent(/Ana released to Sam Rivera at \d{1,2}:\d{2}/);
    expect(recorded()).toEqual([['Sam Rivera', 'code']]);
  });

  it('stops on a wrong code, with the family’s and the office’s phones, and records the attempt', async () => {
    const { recorded } = renderPickups();
    await pick('Sam Rivera');
    await typeCode('318275');
    const stop = await screen.findByRole('alert');
    expect(within(stop).getByRole('heading', { name: 'Stop: do not release Ana.' })).toBeInTheDocument();
    expect(stop).toHaveTextContent('Stopped: the code given for Sam Rivera did not match. The attempt is recorded.');
    expect(within(stop).getByRole('link', { name: /call Sam Rivera/ })).toHaveAttribute('href', 'tel:5551234567');
    expect(within(stop).getByRole('link', { name: /call The office/ })).toHaveTextContent(SCHOOL_OFFICE_PHONE);
    expect(recorded()).toEqual([['Sam Rivera', 'wrong-code']]);
    await userEvent.click(within(stop).getByRole('button', { name: 'Back to pickup' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Release Ana Ruiz' })).toBeInTheDocument();
  });

  it('a listed adult without a code for this school year passes only with the code word', async () => {
    const { recorded } = renderPickups();
    await pick(/Grandma Rose/);
    expect(screen.getByText('(no pickup code for this school year)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check the code' })).toBeNull();
    expect(screen.getByText(/It is/)).toHaveTextContent('Ask for the family’s code word. It is owl.');
    await userEvent.click(screen.getByRole('button', { name: 'They did not' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Stopped: Grandma Rose has no pickup code for this school year.');
    await userEvent.click(screen.getByRole('button', { name: 'Back to pickup' }));
    await pick(/Grandma Rose/);
    await userEvent.click(screen.getByRole('button', { name: 'They said it' }));
    expect(recorded()).toEqual([['Grandma Rose', 'no-code'], ['Grandma Rose', 'code-word']]);
  });

  it('someone not on the list is released with the code word, under the name they give', async () => {
    const { recorded } = renderPickups();
    await pick('Someone not on the list');
    expect(screen.getByRole('button', { name: 'They said it' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Their name'), 'Pat Doe');
    await userEvent.click(screen.getByRole('button', { name: 'They said it' }));
    expect(recorded()).toEqual([['Pat Doe', 'code-word']]);
  });

  it('without a code word, someone not on the list is always stopped', async () => {
    const { recorded } = renderPickups({ pickupCodeWord: '' });
    await pick('Someone not on the list');
    expect(screen.queryByRole('button', { name: 'They said it' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(recorded()).toEqual([['', 'not-listed']]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Stopped: an adult is not on the pickup list.');
  });

  it('a child leaves alone only where the family allows it', async () => {
    renderPickups();
    await userEvent.click(screen.getByRole('button', { name: 'Release Ana Ruiz' }));
    expect(screen.queryByRole('radio', { name: /leaves on their own/ })).toBeNull();
  });

  it('where it does, the child leaves without an adult', async () => {
    const { recorded } = renderPickups({ mayLeaveAlone: true });
    await pick('Nobody: Ana leaves on their own');
    await userEvent.click(screen.getByRole('button', { name: 'Ana leaves now' }));
    expect(recorded()).toEqual([['', 'alone']]);
    expect(screen.getByRole('status')).toHaveTextContent(/Ana left on their own at/);
  });
});
