// The environment every test starts the BFF with, whether in this process (startSystem's 'in-process'
// mode in system.ts, test/reliability/support/in-process-bff.ts) or
// on real ports and as processes (its 'listening' and 'process' modes, the multi-instance cluster): the sandbox
// at its URL as the gateway, a database, the merchant's secret, the shop's origin, a fresh signing
// key, request limits out of the way. Each harness adds what is its own on top (timeouts, log level,
// the bank, polls).
import { randomBytes } from 'node:crypto';
import type { Env } from '../../bff/config.ts';
import { sandboxGatewayEnv } from '../../sandbox/defaults.ts';

/** The merchant page the tests pretend to be (it is in ALLOWED_ORIGINS). */
export const shopOrigin = 'http://shop.example.test';
export const merchantSecret = 'test-merchant-secret-0123456789abcdef';
/** METRICS_TOKEN of the test BFFs: /metrics on the API port answers only with it. */
export const metricsToken = 'test-metrics-token-0123456789abcdef';
export const metricsHeaders = { Authorization: `Bearer ${metricsToken}` };

/** Where the system under test lives: the sandbox's base URL and the database's URL. */
export interface SystemPlace {
  sandboxUrl: string;
  databaseUrl: string;
}

/**
 * The BFF's environment for a test: `extra` last, so a harness or a test replaces any of it. One
 * SESSION_SIGNING_KEY per call: instances started from the same env share it (a token made by one
 * is good at the others).
 */
export function systemEnv(place: SystemPlace, extra: Env = {}): Env {
  return {
    NODE_ENV: 'test',
    ...sandboxGatewayEnv(place.sandboxUrl),
    MERCHANT_SECRET: merchantSecret,
    SESSION_SIGNING_KEY: randomBytes(32).toString('base64url'),
    ALLOWED_ORIGINS: shopOrigin,
    DATABASE_URL: place.databaseUrl,
    // Every test client shares one address: a suite must not trip the per-IP limit by accident.
    // The rate-limit tests set their own small limit.
    RATE_LIMIT_PER_MINUTE: '10000',
    UPSTREAM_RATE_LIMIT_PER_MINUTE: '10000',
    METRICS_TOKEN: metricsToken,
    ...extra,
  };
}
