// The deploy guide's smoke test (scripts/smoke.mjs), run as the deploy's last step against a real
// site, runs here against the emulators: the same script, the same checks.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/fixtures';
import { useSeededDemo } from '../support/fixtures';
import { HOSTING } from '../support/emulators';

const smoke = (args: string[], password = DEMO.family.password) =>
  new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/smoke.mjs', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SMOKE_PASSWORD: password } });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (code) => resolve({ code, out }));
  });

describe('the smoke test after a deploy', () => {
  useSeededDemo();

  it('passes every check against the emulators, through Hosting, with a family account', async () => {
    const { code, out } = await smoke(['--emulators', '--email', DEMO.family.email]);
    expect(out.trim().split('\n').map((line) => line.replace(/ \(\d+ ms\)$/, ''))).toEqual([
      `✓ 1. the portal answers at ${HOSTING}: with its Content-Security-Policy`,
      expect.stringMatching(/^✓ 2\. a public call through Hosting \(the open semesters\): \d+ open$/),
      `✓ 3. signing in as ${DEMO.family.email}`,
      '✓ 4. a signed-in call (the account’s students): 2 students',
      '✓ 5. the family’s calendar feed: a calendar file',
      '✓ 6. a gift asked by a script, not the portal’s page, is refused (App Check): refused',
      '✓ 7. a $1 card gift opens Stripe’s page: paid, and the webhook delivered',
      'All 7 checks passed.',
    ]);
    expect(code).toBe(0);
  });

  it('stops at the first check that fails, saying which', async () => {
    const { code, out } = await smoke(['--emulators', '--email', DEMO.family.email], 'not-the-password');
    expect(code).toBe(1);
    expect(out).toMatch(/✗ 3\. signing in as family@example\.com: Auth answered 400 INVALID_(PASSWORD|LOGIN_CREDENTIALS)/);
  });

  it('never takes the password on the command line (shells and process lists keep it)', async () => {
    const { code, out } = await smoke(['--emulators', '--email', DEMO.family.email, '--password', DEMO.family.password]);
    expect(code).toBe(2);
    expect(out).toContain('The password is not taken on the command line');
  });
});
