// The bank's webhook API for the merchant (ARCHITECTURE.md HTTP surface), mounted in the merchant
// sub-app (which checks the merchant secret): create a destination, list features, read an event contract.
import { Hono } from 'hono';
import { isBankEventType } from '../../../contract/bank/event-types.ts';
import { problemTypes } from '../../../contract/bff-api.ts';
import { merchantBankFeaturesQuery } from '../../../contract/merchant-banking.ts';
import { ProblemException } from '../../http/problem.ts';
import { parseOrThrow, validationProblem } from '../../http/validation.ts';
import { BankApiError, type BankClient } from './bank-client.ts';
import { bankProblem } from './bank-problem.ts';
import { destinationDefaultsOf, destinationRequestFrom } from './destination-request.ts';
import { describeRoute } from '../../http/openapi/route-doc.ts';
import { webhookDocs } from '../webhooks/webhook-openapi.ts';
import type { Services } from '../../services.ts';

/** `bank` is undefined when BANK_BASE_URL / BANK_ACCESS_TOKEN are not set; Idempotency-Key is honoured when sent. */
export type MerchantBankingRoutesDeps = Pick<Services, 'bank' | 'config' | 'merchantIdempotency'>;

function bankNotConfigured(): ProblemException {
  return new ProblemException(503, {
    type: problemTypes.upstream,
    title: 'Bank not configured',
    detail: 'BANK_BASE_URL and BANK_ACCESS_TOKEN are not set on this server.',
  });
}

async function callBank<T>(bank: BankClient | undefined, call: (bank: BankClient) => Promise<T>): Promise<T> {
  if (!bank) throw bankNotConfigured();
  try {
    return await call(bank);
  } catch (error) {
    if (error instanceof BankApiError) throw bankProblem(error);
    throw error;
  }
}

/** The bank's answers without its envelope, and never a secret_ref. */
function withoutEnvelope<T extends { response_code: string; correlation_id: string }>(answer: T) {
  const { response_code: _code, correlation_id: correlationId, ...rest } = answer as T & { secret_ref?: string };
  delete (rest as { secret_ref?: string }).secret_ref;
  return { ...rest, correlation_id: correlationId };
}

export function merchantBankingRoutes(services: MerchantBankingRoutesDeps) {
  const { bank } = services;
  const destinationDefaults = destinationDefaultsOf(services.config);
  return new Hono()
    .post('/banking/destinations', describeRoute(webhookDocs.createBankDestination), services.merchantIdempotency.whenKeyed, async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        throw validationProblem([], 'The body is not valid JSON.');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw validationProblem([], 'The body must be a JSON object.');
      // Scope rules (TENANT/ACCOUNT/OWNER) are checked here, before the bank is called.
      const request = destinationRequestFrom(body as Record<string, unknown>, destinationDefaults);
      if (!request.success) throw validationProblem(request.error.issues, 'The destination request breaks the bank’s rules.');
      const created = await callBank(bank, (bank) => bank.createDestination(request.data));
      return c.json(withoutEnvelope(created), 201);
    })
    .get('/banking/features', describeRoute(webhookDocs.listBankFeatures), async (c) => {
      const query = parseOrThrow(merchantBankFeaturesQuery, c.req.query());
      const answer = await callBank(bank, (bank) =>
        bank.features({
          ...(query.country_code !== undefined && { country_code: query.country_code.toUpperCase() }),
          ...(query.payment_method_code !== undefined && { payment_method_code: query.payment_method_code }),
          ...(query.webhook_enabled !== undefined && { webhook_enabled: query.webhook_enabled === 'true' }),
        }),
      );
      return c.json(withoutEnvelope(answer));
    })
    .get('/banking/event-contracts/:eventType', describeRoute(webhookDocs.getBankEventContract), async (c) => {
      const eventType = c.req.param('eventType');
      // §4.3: only the four public types exist; anything else is a 404 without asking the bank.
      if (!isBankEventType(eventType)) {
        throw new ProblemException(404, {
          type: problemTypes.notFound,
          title: 'Not found',
          detail: 'Unknown event type. Known: payin.posted, payment.succeeded, payment.failed, payment.reversed.',
          errors: [{ path: 'eventType', message: 'Unknown event type.', code: 'NOT_FOUND' }],
        });
      }
      const contract = await callBank(bank, (bank) => bank.eventContract(eventType));
      return c.json(withoutEnvelope(contract));
    });
}
