// npm run test:one -- <vitest args>: runs some emulator or end-to-end tests inside one emulator run
// (for working on them; `npm test` runs everything). Build first with `npm run build -- --mode emulators`.
import { execOnEmulators } from './emulators/run.mjs';
import { startStripeStandIn } from './emulators/standIn.mjs';

await startStripeStandIn();
// Each argument quoted for the shell the emulators run the command in (`-t "a test's name"` stays one argument).
const quoted = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`);
process.exit(await execOnEmulators(`npx vitest run ${process.argv.slice(2).map(quoted).join(' ')}`));
