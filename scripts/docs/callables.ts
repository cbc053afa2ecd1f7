// The list of callables in docs/features.md, from the contract (never by hand): who may call each.
// `npm run docs:callables` writes it; test/unit/docs.test.ts fails while the page and the contract differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { callables, type Access } from '../../contract/callables';
import { ACCESS } from '../../contract/roles';

export const FEATURES = 'docs/features.md';
const START = '<!-- callables: written by npm run docs:callables from contract/callables.ts -->';
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

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(FEATURES, withCallablesList(readFileSync(FEATURES, 'utf8')));
  console.log(`${FEATURES}: ${Object.keys(callables).length} callables, from contract/callables.ts`);
}
