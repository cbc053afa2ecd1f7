// Checked pickup on the instructor's phone: a listed adult's code is checked against the tag the phone
// holds (no server), a wrong one stops with the phones to call, a listed adult without a code for the
// year and someone not on the list pass only with the family's code word, typed as they say it (the
// phone holds its tag, never the word), a child leaves alone only where the family allows it, and
// after three failed checks the phone checks no more: the office is called. Every attempt is recorded.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SheetRoster, Student } from '../../contract/domain';
import { codeWordTag, newSalt, phoneTag, pickupCheckValue, type CodeWordTag, type FieldEntryInput, type PickupInput, type PickupTag } from '../../contract/field';
import { SCHOOL_OFFICE_PHONE } from '../../contract/constants';
import { Pickups } from '../../src/features/teaching/Pickups';
import type { FieldSync } from '../../src/features/teaching/useFieldSync';

const MEETING = '2026-12-18';
const CODE = '318274';
const ISSUED = '2026-09-01T16:00:00.000Z';
let sam: PickupTag;
let owl: CodeWordTag;
beforeAll(async () => {
  const salt = newSalt();
  sam = phoneTag({ name: 'Sam Rivera', salt, check: await pickupCheckValue(CODE, salt) });
  owl = await codeWordTag('Owl');
});

function renderPickups(student: Partial<Student> = {}, { codeWord = true, kept = [] as FieldEntryInput[] } = {}) {
  const ana = {
    id: 'kid-a', firstName: 'Ana', lastName: 'Ruiz', pickupCodeWord: '', mayLeaveAlone: false,
    guardians: [{ name: 'Sam Rivera', relationship: 'Parent', phone: '(555) 123-4567', email: 'sam@example.com', livesWithStudent: true }],
    authorizedPickups: [{ name: 'Grandma Rose', relationship: 'Grandmother', phone: '(555) 222-3333' }],
    ...student,
  } as Student;
  const roster = { class: { id: 'creek', title: 'Creek Kids' }, entries: [{ student: ana, enrollmentId: 'e1', addOns: [], pickups: [sam], codesIssuedAt: ISSUED, ...(codeWord && { codeWord: owl }) }] } as unknown as SheetRoster;
  const record = vi.fn();
  const field = { log: { status: 'loading' }, kept, waiting: [], record, names: new Map([['kid-a', 'Ana Ruiz']]) } as unknown as FieldSync;
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
    const { recorded, record } = renderPickups();
    await pick('Sam Rivera');
    expect(screen.getByRole('button', { name: 'Check the code' })).toBeDisabled();
    await typeCode(CODE);
    expect(await screen.findByRole('status')).toHaveTextContent(/Ana released to Sam Rivera at \d{1,2}:\d{2}/);
    expect(recorded()).toEqual([['Sam Rivera', 'code']]);
    // The release names the codes it was checked on: the server flags it if the family has replaced them since.
    expect((record.mock.calls[0][0] as PickupInput).codesIssuedAt).toBe(ISSUED);
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

  const sayWord = async (word: string) => {
    await userEvent.type(screen.getByLabelText('The family’s code word, as they say it'), word);
    await userEvent.click(screen.getByRole('button', { name: 'Check the code word' }));
  };

  it('a listed adult without a code for this school year passes only with the code word, which the phone checks without showing it', async () => {
    const { recorded } = renderPickups();
    await pick(/Grandma Rose/);
    expect(screen.getByText('(no pickup code for this school year)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check the code' })).toBeNull();
    expect(document.body).not.toHaveTextContent(/owl/i);
    await userEvent.click(screen.getByRole('button', { name: 'They do not know it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Stopped: Grandma Rose has no pickup code for this school year.');
    await userEvent.click(screen.getByRole('button', { name: 'Back to pickup' }));
    await pick(/Grandma Rose/);
    await sayWord('fox');
    expect(await screen.findByRole('alert')).toHaveTextContent('Stopped: the code word given by Grandma Rose did not match.');
    await userEvent.click(screen.getByRole('button', { name: 'Back to pickup' }));
    await pick(/Grandma Rose/);
    await sayWord(' OWL ');
    expect(await screen.findByRole('status')).toHaveTextContent(/Ana released to Grandma Rose at/);
    expect(recorded()).toEqual([['Grandma Rose', 'no-code'], ['Grandma Rose', 'wrong-code-word'], ['Grandma Rose', 'code-word']]);
  });

  it('someone not on the list is released with the code word, under the name they give', async () => {
    const { recorded } = renderPickups();
    await pick('Someone not on the list');
    await userEvent.type(screen.getByLabelText('The family’s code word, as they say it'), 'owl');
    expect(screen.getByRole('button', { name: 'Check the code word' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Their name'), 'Pat Doe');
    await userEvent.click(screen.getByRole('button', { name: 'Check the code word' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Ana released to Pat Doe at/);
    expect(recorded()).toEqual([['Pat Doe', 'code-word']]);
  });

  it('after three failed checks at the meeting, the phone checks no more codes for the child: the office is called, and approves the release', async () => {
    const failed = (n: number): FieldEntryInput => ({ id: `f${n}-000000000000000`, kind: 'pickup', studentId: 'kid-a', meeting: MEETING, at: '2026-12-18T23:40:00.000Z', adult: 'Sam Rivera', check: 'wrong-code' });
    const { recorded } = renderPickups({}, { kept: [failed(1), failed(2), failed(3)] });
    // The list says so before anyone taps Release.
    expect(screen.getByRole('listitem')).toHaveTextContent('Call the office before releasing');
    await pick('Sam Rivera');
    expect(screen.getByRole('alert')).toHaveTextContent(`3 or more checks failed for Ana at this meeting: this phone checks no more codes for Ana. Call the office at ${SCHOOL_OFFICE_PHONE}`);
    expect(screen.queryByLabelText('Sam Rivera’s pickup code')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'The office approved: release Ana to Sam Rivera' }));
    expect(recorded()).toEqual([['Sam Rivera', 'office']]);
  });

  it('the third failed check says to call the office now', async () => {
    const failed = (n: number): FieldEntryInput => ({ id: `f${n}-000000000000000`, kind: 'pickup', studentId: 'kid-a', meeting: MEETING, at: '2026-12-18T23:40:00.000Z', adult: 'Sam Rivera', check: 'wrong-code' });
    const kept = [failed(1), failed(2)];
    const { record } = renderPickups({}, { kept });
    // What the page records joins what it shows (as the field sync does).
    record.mockImplementation((e: FieldEntryInput) => kept.push(e));
    await pick('Sam Rivera');
    await typeCode('000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('3 or more checks failed for Ana at this meeting: call the office now. This phone checks no more codes for Ana today; release Ana only if the office says so.');
  });

  it('without a code word, someone not on the list is always stopped', async () => {
    const { recorded } = renderPickups({}, { codeWord: false });
    await pick('Someone not on the list');
    expect(screen.queryByLabelText('The family’s code word, as they say it')).toBeNull();
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
