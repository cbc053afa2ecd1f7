// The stand-in's port, test keys and where it sends webhooks (Hosting's /api/stripe/webhook, which the one function serves).
import emulators from '../../contract/emulators.json';
import { emulatorPorts, portOffset } from '../../contract/emulatorPorts';

export const STANDIN = {
  ...emulators.stripeStandIn,
  webhookUrl: process.env.STANDIN_WEBHOOK_URL ?? `http://127.0.0.1:${emulatorPorts().hosting}/api/stripe/webhook`,
  port: emulators.stripeStandIn.port + portOffset(),
  api: `http://127.0.0.1:${emulators.stripeStandIn.port + portOffset()}`,
};
