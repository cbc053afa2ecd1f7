// The one-way import rules of eslint.config.js (README "Architecture"), tried on probe files.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, from: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${from}';\nexport const y = x;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

// Loading ESLint with the TypeScript parser takes a few seconds on a busy machine.
describe('import direction (lint)', { timeout: 60_000 }, () => {
  it('keeps lib, components and hooks below the features and the app', async () => {
    expect(await restricted('src/lib/probe.ts', '../features/catalogue/api')).toHaveLength(1);
    expect(await restricted('src/components/probe.ts', '../app/routes')).toHaveLength(1);
    expect(await restricted('src/lib/probe.ts', './csv')).toEqual([]);
  });

  it('lets a feature reach another only through its index or api', async () => {
    const [message] = await restricted('src/features/account/probe.ts', '../catalogue/filters');
    expect(message).toContain('index.ts or api.ts');
    expect(await restricted('src/features/account/probe.ts', '../catalogue/api')).toEqual([]);
    expect(await restricted('src/features/account/probe.ts', '../catalogue')).toEqual([]);
    expect(await restricted('src/features/office/probe.ts', '../../components/EditForm')).toEqual([]);
    expect(await restricted('src/features/office/probe.ts', '../catalogueSetup/SemesterPicker')).toHaveLength(1);
  });

  it('keeps contract/ free of the app and the functions, and the two sides apart', async () => {
    expect(await restricted('contract/probe.ts', '../src/lib/csv')).toHaveLength(1);
    expect(await restricted('functions/src/probe.ts', '../../src/lib/csv')).toHaveLength(1);
    expect(await restricted('src/lib/probe.ts', '../../functions/src/index')).toHaveLength(1);
  });
});
