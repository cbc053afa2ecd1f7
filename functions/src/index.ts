// The functions the portal deploys: one HTTPS function for every callable of the contract (api.ts),
// and the few that are not callables: the Stripe webhook, the families' calendar feeds and the
// scheduled jobs.
import './lib/globalOptions';

export { api } from './api';
export { instalmentsJob, stripeWebhook, sweepHolds } from './callables/stripe';
export { calendarFeed } from './callables/calendar';
export { familyReminders } from './callables/familyMail';
export { waitlistJob } from './callables/waitlist';
export { roundsJob } from './callables/rounds';
