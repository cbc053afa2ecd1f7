// The functions the portal deploys: one HTTPS function for every callable of the contract, Stripe's
// events and the calendar feeds (api.ts), and the scheduled jobs.
import './lib/globalOptions';

export { api } from './api';
export { instalmentsJob, sweepHolds } from './callables/stripe';
export { familyReminders } from './callables/familyMail';
export { waitlistJob } from './callables/waitlist';
export { roundsJob } from './callables/rounds';
