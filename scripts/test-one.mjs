// npm run test:one -- <vitest args>: runs some emulator or end-to-end tests inside one emulator run
// (for working on them; `npm test` runs everything). Build first with `npm run build -- --mode emulators`.
import { execOnEmulators } from './emulators/run.mjs';
import { startStripeStandIn } from './emulators/standIn.mjs';

await startStripeStandIn();
process.exit(await execOnEmulators(`npx vitest run ${process.argv.slice(2).join(' ')}`));
