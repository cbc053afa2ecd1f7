// What follows from the contract, written from it (never by hand): the list of callables in
// docs/features.md (who may call each) and the app's table of what each call makes stale
// (src/lib/stale.ts, from each call's `changes` and each answer's `shows`). `npm run contract:write`
// writes both; test/unit/docs.test.ts fails while either differs from the contract.
import { readFileSync, writeFileSync } from 'node:fs';
import { callables, type Access, type CallableName } from '../../contract/callables';
import { ACCESS } from '../../contract/roles';

export const FEATURES = 'docs/features.md';
export const STALE = 'src/lib/stale.ts';
const START = '<!-- callables: written by npm run contract:write from contract/api/ -->';
const END = '<!-- end of callables -->';

/** Who may call, in words. */
function whoMay(access: Access): string {
  if (access === 'public') return 'Anyone (public)';
  if (access === 'user') return 'Any signed-in account (a family acts on its own records only)';
  const named = Object.entries(ACCESS).find(([, roles]) => roles === access)?.[0];
  return `Staff: ${access.join(', ')}${named ? ` (\`ACCESS.${named}\`)` : ''}`;
}

/** The generated part: one line per kind of caller, with every callable it may call. */
export function callablesList(): string {
  const groups = new Map<string, string[]>();
  for (const [name, c] of Object.entries(callables)) groups.set(whoMay(c.access), [...(groups.get(whoMay(c.access)) ?? []), name]);
  const lines = [...groups].map(([who, names]) => `- ${who}: ${names.map((n) => `\`${n}\``).join(', ')}.`);
  return [START, ...lines, END].join('\n');
}

/** The page with its list written afresh. */
export function withCallablesList(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${FEATURES} lacks the callables markers`);
  return page.slice(0, start) + callablesList() + page.slice(end + END.length);
}

/** Each call that changes something, with the answers that show what it changes. */
export function staleTable(): Partial<Record<CallableName, CallableName[]>> {
  const all = Object.values(callables);
  const table: Partial<Record<CallableName, CallableName[]>> = {};
  for (const call of all) {
    const changes = call.changes ?? [];
    const stale = all.filter((answer) => answer.shows?.some((records) => changes.includes(records))).map((answer) => answer.name as CallableName);
    if (stale.length) table[call.name as CallableName] = stale;
  }
  return table;
}

/** The app's module: the table and its one function. */
export function staleModule(): string {
  const rows = Object.entries(staleTable()).map(([name, stale]) => `  ${name}: [${stale.map((s) => `'${s}'`).join(', ')}],`);
  return [
    '// Written by npm run contract:write from the contract (contract/api/: what each call changes and each',
    '// answer shows); never edited by hand. Which cached answers a successful call makes stale.',
    "import type { CallableName } from '../../contract/callables';",
    '',
    'const STALE: Partial<Record<CallableName, readonly CallableName[]>> = {',
    ...rows,
    '};',
    '',
    '/** The answers to fetch again after `name` succeeds. */',
    'export function staleAfter(name: CallableName): readonly CallableName[] {',
    '  return STALE[name] ?? [];',
    '}',
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(FEATURES, withCallablesList(readFileSync(FEATURES, 'utf8')));
  writeFileSync(STALE, staleModule());
  console.log(`${FEATURES} and ${STALE}: ${Object.keys(callables).length} callables, from contract/api/`);
}
