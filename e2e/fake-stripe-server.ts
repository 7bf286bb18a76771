/**
 * The local fake Stripe the full-stack journeys give the server (STRIPE_API_URL): the store's catalogue, checkout
 * sessions, a hosted checkout page whose Pay button signs the payment's events and posts them to the server's
 * webhook before returning to the store, as Stripe does, and a customer portal page whose Cancel subscription does
 * the same for the subscription's end.
 *
 *   node e2e/fake-stripe-server.ts [port] [webhook URL]
 */
import { startFakeStripe } from '../server/test/fake-stripe.ts';

const port = Number(process.argv[2] ?? 4330);
const webhookUrl = process.argv[3] ?? 'http://127.0.0.1:4310/api/v1/payment/webhook';
const fake = await startFakeStripe({ port, webhookUrl });
process.stdout.write(`fake Stripe at ${fake.apiUrl}, events to ${webhookUrl}\n`);
