import { gatewayResponseTypes, loginSdkExpiresInUtcOffsetMinutes } from '../../contract/gateway-facts.ts';
import { Hono } from 'hono';
import { loginRequest, loginSdkRequest } from '../../contract/gateway/index.ts';
import { gatewayDateTime } from '../clock.ts';
import { operation } from '../control/operation.ts';
import type { SandboxState } from '../state.ts';
import { gatewayFailure, readGatewayBody, wrongKey } from './gateway-http.ts';
import { apiTokenLifetimeSeconds } from './tokens.ts';

/**
 * POST /api/v1/login and /api/v1/loginSdk (gateway-api.md §4.1, §4.2; no token needed).
 * Public plugins send `email` instead of `apiuser` (gateway-facts.md, login): both work.
 * Wrong credentials fail in the body (type 401), because 401 is not declared on these two.
 */
export function loginRoutes(state: SandboxState) {
  const merchant = state.settings.merchant;
  const credentialsMatch = (user: string | undefined, password: string) =>
    user !== undefined && user.toLowerCase() === merchant.apiUser.toLowerCase() && password === merchant.apiPassword;

  return new Hono()
    .post('/api/v1/login', operation('login', state), async (c) => {
      const read = await readGatewayBody(c, loginRequest);
      if (!read.ok) return read.response;
      const body = read.body as { apiuser?: string; email?: string; password: string };
      if (!credentialsMatch(body.apiuser ?? body.email, body.password)) return gatewayFailure(c, gatewayResponseTypes.authenticationError, 'Invalid credentials.');
      const { token } = state.tokens.issue('api');
      return c.json({ access_token: token, token_type: 'bearer', expires_in: apiTokenLifetimeSeconds });
    })
    .post('/api/v1/loginSdk', operation('loginSdk', state), async (c) => {
      const read = await readGatewayBody(c, loginSdkRequest);
      if (!read.ok) return read.response;
      const body = read.body as { apiuser?: string; email?: string; password: string; key: string };
      if (!credentialsMatch(body.apiuser ?? body.email, body.password)) return gatewayFailure(c, gatewayResponseTypes.authenticationError, 'Invalid credentials.');
      if (wrongKey(state, body.key)) return gatewayFailure(c, gatewayResponseTypes.authenticationError, 'Invalid API key.');
      const { token, expiresAt } = state.tokens.issue('sdk');
      // loginSdk reports its expiry as a date-time string, not a duration (gateway-api.md §5.2), in
      // Costa Rica's local time as the real service does (contract/gateway-facts.ts loginSdkExpiresInUtcOffsetMinutes).
      const localTime = new Date(expiresAt.getTime() + loginSdkExpiresInUtcOffsetMinutes * 60_000);
      return c.json({ access_token: token, token_type: 'bearer', expires_in: gatewayDateTime(localTime) });
    });
}
