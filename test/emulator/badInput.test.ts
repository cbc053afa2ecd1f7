import { beforeAll, describe, expect, it } from 'vitest';
import { callables, type CallableName } from '../../contract/callables';
import { callFunction } from '../support/emulators';
import { seededEmulators, signInDemo } from '../support/fixtures';
import { SAMPLES, semesterInput } from '../support/samples';
import { firestoreSnapshot } from '../support/snapshot';

// Bad input for every callable, generated from its valid sample: wrong types, extra and
// missing fields, strings over 100 000 characters, negative and fractional numbers, booleans as
// text. Each is refused with invalid-argument and a message naming the field, and Firestore is
// byte-for-byte the same afterwards.
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Bad {
  label: string;
  payload: Json;
  /** The field the message must name ('' for the whole payload). */
  field: string;
}

const HUGE = 'x'.repeat(100_001);
/** Fields named like ids that are text a family types (an insurer's policy number), not document ids. */
const NOT_DOCUMENT_IDS = ['insuranceId'];
const isObject = (v: Json): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

function setAt(root: Json, path: (string | number)[], value: Json): Json {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) return root.map((v, i) => (i === head ? setAt(v, rest, value) : v));
  if (isObject(root)) return { ...root, [head]: setAt(root[head as string], rest, value) };
  return root;
}

function leaves(v: Json, path: (string | number)[] = []): { path: (string | number)[]; value: Json }[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => leaves(x, [...path, i]));
  if (isObject(v)) return Object.entries(v).flatMap(([k, x]) => leaves(x, [...path, k]));
  return [{ path, value: v }];
}

/** Keys the schema requires (zod marks optional ones with optin 'optional'). */
function requiredKeys(name: CallableName): string[] {
  const schema = callables[name].payload as unknown as { _zod: { def: { shape?: Record<string, { _zod: { optin?: string } }> } } };
  const shape = schema._zod.def.shape ?? {};
  return Object.entries(shape)
    .filter(([, s]) => s._zod.optin !== 'optional')
    .map(([k]) => k);
}

function badInputs(name: CallableName): Bad[] {
  const sample = SAMPLES[name] as Json;
  const out: Bad[] = [
    { label: 'a number instead of the payload', payload: 12345, field: '' },
    { label: 'a string instead of the payload', payload: 'hello', field: '' },
  ];
  if (isObject(sample)) {
    out.push({ label: 'an extra field', payload: { ...sample, unexpected: true }, field: '' });
    for (const key of requiredKeys(name)) {
      const { [key]: _gone, ...rest } = sample;
      out.push({ label: `${key} missing`, payload: rest, field: key });
    }
  }
  for (const { path, value } of leaves(sample)) {
    const where = path.join('.');
    const field = String(path.filter((p) => typeof p === 'string').at(-1) ?? '');
    if (typeof value === 'string') {
      out.push({ label: `${where}: 100 001 characters`, payload: setAt(sample, path, HUGE), field });
      out.push({ label: `${where}: a number`, payload: setAt(sample, path, 7), field });
      // A text-direction override or a control character never reaches a CSV or a printout.
      out.push({ label: `${where}: a direction override`, payload: setAt(sample, path, `${value}\u202E`), field });
      out.push({ label: `${where}: a control character`, payload: setAt(sample, path, `${value.slice(0, 1)}\u0007${value.slice(1)}`), field });
      // An id Firestore keeps for itself (`__name__`) is refused in words, never met with an internal error.
      if (/^id$|Ids?$/.test(field) && !NOT_DOCUMENT_IDS.includes(field)) out.push({ label: `${where}: a reserved id`, payload: setAt(sample, path, '__name__'), field });
    } else if (typeof value === 'number') {
      out.push({ label: `${where}: negative`, payload: setAt(sample, path, -1), field });
      if (Number.isInteger(value) && field !== 'percent') out.push({ label: `${where}: fractional`, payload: setAt(sample, path, 10.5), field });
    } else if (typeof value === 'boolean') {
      out.push({ label: `${where}: text`, payload: setAt(sample, path, 'yes'), field });
    }
  }
  return out;
}

/** Bad input that is well-formed but wrong together, for the callables where that exists. */
const MORE: Partial<Record<CallableName, Bad[]>> = {
  adminSaveSemester: [
    { label: 'dates reversed', payload: semesterInput({ endDate: '2020-01-01' }) as Json, field: 'endDate' },
    { label: 'registration closes before it opens', payload: semesterInput({ registrationCloses: '2020-01-01' }) as Json, field: 'registrationCloses' },
  ],
  priceBasket: [{ label: 'too many classes', payload: { lines: Array.from({ length: 31 }, (_, i) => ({ classId: `c${i}`, addOnIds: [] })), codes: [] }, field: 'lines' }],
  classGroups: [{ label: '101 ids', payload: Array.from({ length: 101 }, (_, i) => `g${i}`), field: '' }],
};

const NAMES = Object.values(callables).map((c) => c.name);

describe('bad input to every callable writes nothing', () => {
  const tokens: Record<string, string | undefined> = {};
  let before: { documents: number; hash: string };
  const tried: Record<string, number> = {};
  beforeAll(async () => {
    await seededEmulators();
    tokens.user = (await signInDemo('family')).idToken;
    tokens.admin = (await signInDemo('admin')).idToken;
    before = await firestoreSnapshot();
  });

  it.each(NAMES)('%s', async (name) => {
    const cases = [...badInputs(name), ...(MORE[name] ?? [])];
    tried[name] = cases.length;
    const access = callables[name].access;
    const token = typeof access === 'string' ? tokens[access] : tokens.admin;
    for (const bad of cases) {
      const r = await callFunction(name, bad.payload, token);
      expect(r.status, `${name} with ${bad.label}: ${JSON.stringify(r.error)}`).toBe(400);
      expect(r.error?.status, `${name} with ${bad.label}`).toBe('INVALID_ARGUMENT');
      if (bad.field) expect(r.error?.message, `${name} with ${bad.label}`).toContain(bad.field);
      else expect(r.error?.message, `${name} with ${bad.label}`).toMatch(/\w+: /);
    }
  });

  it('left Firestore exactly as it was', async () => {
    const after = await firestoreSnapshot();
    expect(after).toEqual(before);
    const total = Object.values(tried).reduce((a, b) => a + b, 0);
    console.log(`bad input: ${total} cases over ${Object.keys(tried).length} callables; ${after.documents} documents unchanged`);
    expect(Object.keys(tried)).toHaveLength(NAMES.length);
  });
});
