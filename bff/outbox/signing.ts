// Standard Webhooks signatures (https://www.standardwebhooks.com/), made with the `standardwebhooks`
// package itself, so what we send is what its verify() accepts. During a secret rotation both
// secrets sign: the header then carries two space-separated `v1,` entries and a receiver holding
// either secret verifies.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** A new secret: `whsec_` and 24 random bytes in base64 (as Svix makes them). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** `secrets`: the current one first; the signature of each, in that order. */
export function signedHeaders(webhookId: string, at: Date, body: string, secrets: readonly string[]): SignedHeaders {
  if (secrets.length === 0) throw new Error('a webhook needs at least one secret to sign with');
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(webhookId, at, body)).join(' '),
  };
}
