import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUnverifiedUser, createUser, resetEmulators } from '../support/emulators';
import { callAs } from '../support/fixtures';

const run = promisify(execFile);
const grant = (...args: string[]) => run('node', ['--import', 'tsx', 'scripts/grant-admin.ts', ...args], { env: process.env });

describe('npm run grant-admin -- EMAIL (on the emulators)', () => {
  beforeAll(resetEmulators);

  it('gives an existing account the admin role, read by the functions at once', async () => {
    const user = await createUser('office.helper@example.com');
    expect((await callAs(user, 'roles')).result).toEqual([]);
    const { stdout } = await grant('office.helper@example.com');
    expect(stdout).toContain('office.helper@example.com');
    expect(stdout).toContain('is now an admin on the emulators');
    expect((await callAs(user, 'roles')).result).toEqual(['admin']);
    expect((await callAs(user, 'adminSemesters')).status).toBe(200);
  });

  it('refuses an account whose email is not verified: a staff address is the staff member’s only once proven', async () => {
    const user = await createUnverifiedUser('claims.office@example.com');
    await expect(grant('claims.office@example.com')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('has not verified its email address yet') });
    expect((await callAs(user, 'roles')).result).toEqual([]);
  });

  it('says so when the account does not exist, or the email is missing', async () => {
    await expect(grant('nobody@example.com')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('No account with the email nobody@example.com') });
    await expect(grant()).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run grant-admin -- EMAIL') });
  });
});
