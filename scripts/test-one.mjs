// npm run test:one -- <vitest args>: runs some emulator or end-to-end tests inside one emulator run
// (for working on them; `npm test` runs everything). Build first with `npm run build -- --mode emulators`.
import { spawnSync } from 'node:child_process';
import { emulatorArgs, emulatorEnv, FIREBASE_BIN, ROOT } from './emulators/env.mjs';
import { EMULATORS } from './emulators/run.mjs';
import { startStripeStandIn } from './emulators/standIn.mjs';

await startStripeStandIn();
const args = process.argv.slice(2).join(' ');
const r = spawnSync(FIREBASE_BIN, ['emulators:exec', ...emulatorArgs(), '--only', EMULATORS, `npx vitest run ${args}`], {
  cwd: ROOT,
  stdio: 'inherit',
  env: emulatorEnv(),
});
process.exit(r.status ?? 1);
