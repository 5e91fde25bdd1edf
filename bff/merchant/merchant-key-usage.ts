// Which merchant key is still in use: a rotation (`MERCHANT_SECRET=current,previous`) ends when the
// previous key stops being used, so each accepted call records its key's time, served by
// GET /v1/merchant/whoami and the merchant_secret_last_used_seconds gauge. Kept in memory: each
// instance knows the calls it served since it started (the gauge is scraped per instance).
import { Hono } from 'hono';
import { merchantWhoami, type MerchantKey, type MerchantWhoami } from '../../contract/merchant-api.ts';
import type { AppMetrics } from '../lib/observability/metrics.ts';
import type { Clock } from '../lib/observability/clock.ts';
import { merchantSecretsOf, type MerchantSecrets } from '../http/auth/merchant.ts';
import type { Services } from '../services.ts';
import { describeRoute, type RouteDoc } from '../http/openapi/route-doc.ts';

export class MerchantKeyUsage {
  private readonly lastUsed = new Map<MerchantKey, Date>();

  constructor(
    private readonly clock: Clock,
    private readonly metrics: AppMetrics,
  ) {}

  record(key: MerchantKey): void {
    const at = this.clock.now();
    this.lastUsed.set(key, at);
    this.metrics.merchantSecretLastUsed.set({ key }, at.getTime() / 1000);
  }

  /** Each key as configured: null when there is no such key. */
  view(secrets: MerchantSecrets): MerchantWhoami['keys'] {
    const usage = (key: MerchantKey) => ({ lastUsedAt: this.lastUsed.get(key)?.toISOString() ?? null });
    return {
      current: usage('current'),
      previous: secrets.full.length > 1 ? usage('previous') : null,
      read: secrets.read.length > 0 ? usage('read') : null,
    };
  }
}

export const whoamiDoc = {
  operationId: 'whoami',
  summary: 'Which merchant key this is, and when each was last used',
  description:
    'The key this call used (`current` or `previous` of `MERCHANT_SECRET`, or `read` for `MERCHANT_READ_SECRET`) and when each configured key last opened a call. ' +
    'Drop the previous key once its `lastUsedAt` stops moving. Kept in memory per instance since it started: ask every instance (or read `merchant_secret_last_used_seconds`).',
  tags: ['merchant'],
  security: 'merchant',
  responses: {
    200: { description: 'The key used and each key’s last use.', schema: merchantWhoami },
    401: { description: 'Missing or wrong merchant secret.', headers: { 'WWW-Authenticate': 'Bearer challenge' } },
  },
} satisfies RouteDoc;

export type WhoamiRoutesDeps = Pick<Services, 'merchantKeyUsage' | 'config'>;

export function whoamiRoutes(services: WhoamiRoutesDeps) {
  const usage = services.merchantKeyUsage;
  const secrets = merchantSecretsOf(services.config);
  return new Hono<{ Variables: { merchantKey: MerchantKey } }>().get('/whoami', describeRoute(whoamiDoc), (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ key: c.var.merchantKey, keys: usage.view(secrets) } satisfies MerchantWhoami, 200);
  });
}
