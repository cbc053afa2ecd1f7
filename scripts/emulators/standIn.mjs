// Starts the Stripe stand-in (scripts/stripe/standIn.ts) beside the emulators, for as long as this
// process runs: npm start, npm test and test:one call it before the emulators.
import { spawn } from 'node:child_process';
import { ROOT } from './env.mjs';

export async function startStripeStandIn() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/stripe/standIn.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  process.on('exit', () => child.kill());
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`The Stripe stand-in stopped (exit code ${code}); is its port taken?`)));
  });
  child.stdout.resume();
  return child;
}
