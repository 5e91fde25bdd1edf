import { test, expect } from '../support/node-test.ts';
import {
  createDestinationRequestSchema,
  destinationCreateRequest,
  destinationCreateResponse,
} from '../../contract/bank/destination.ts';
import { featuresQuery, featuresResponse } from '../../contract/bank/features.ts';
import { bankErrorResponse, bankHttpStatus } from '../../contract/bank/envelope.ts';
import { keptRejection, shopperRejectionCode, reasonCodeCatalog, rejectionFor, shopperSafeMessage, rejectionCodes } from '../../contract/bank/reason-codes.ts';

const base = {
  feature_id: '0b6f2c1e-4a3d-4e8f-9b1a-2c3d4e5f6a7b',
  destination_kind: 'EXTERNAL_WEBHOOK',
  webhook_url: 'https://shop.example/v1/webhooks/banking',
  secret_ref: 'whsec_demo',
};
const accountId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const ownerId = '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f';

function accepts(body: unknown): boolean {
  return destinationCreateRequest.safeParse(body).success;
}

test.describe('webhook destination create', () => {
  test('TENANT sends no scope field', () => {
    expect(accepts({ ...base, scope_kind: 'TENANT' })).toBe(true);
    expect(accepts({ ...base, scope_kind: 'TENANT', scope_account_id: accountId })).toBe(false);
    expect(accepts({ ...base, scope_kind: 'TENANT', scope_owner_type: 'user' })).toBe(false);
    expect(accepts({ ...base, scope_kind: 'TENANT', scope_account_id: null })).toBe(false);
  });

  test('ACCOUNT sends scope_account_id only', () => {
    expect(accepts({ ...base, scope_kind: 'ACCOUNT', scope_account_id: accountId })).toBe(true);
    expect(accepts({ ...base, scope_kind: 'ACCOUNT' })).toBe(false);
    expect(accepts({ ...base, scope_kind: 'ACCOUNT', scope_account_id: accountId, scope_owner_id: ownerId })).toBe(false);
    expect(accepts({ ...base, scope_kind: 'ACCOUNT', scope_account_id: accountId, scope_owner_type: null })).toBe(false);
  });

  test('OWNER sends a lowercase owner type and an owner id only', () => {
    expect(accepts({ ...base, scope_kind: 'OWNER', scope_owner_type: 'customer', scope_owner_id: ownerId })).toBe(true);
    expect(accepts({ ...base, scope_kind: 'OWNER', scope_owner_type: 'CUSTOMER', scope_owner_id: ownerId })).toBe(false);
    expect(accepts({ ...base, scope_kind: 'OWNER', scope_owner_type: 'customer' })).toBe(false);
    expect(accepts({ ...base, scope_kind: 'OWNER', scope_owner_type: 'customer', scope_owner_id: ownerId, scope_account_id: accountId })).toBe(false);
  });

  test('only EXTERNAL_WEBHOOK, https only, a secret, and AES_GCM if the algorithm is named', () => {
    const tenant = { ...base, scope_kind: 'TENANT' };
    expect(accepts({ ...tenant, destination_kind: 'INTERNAL' })).toBe(false);
    expect(accepts({ ...tenant, webhook_url: 'http://shop.example/hook' })).toBe(false);
    expect(accepts({ ...tenant, webhook_url: 'http://127.0.0.1:8787/hook' })).toBe(false);
    expect(accepts({ ...tenant, webhook_url: 'ftp://shop.example' })).toBe(false);
    const { secret_ref: _s, ...noSecret } = tenant;
    expect(accepts(noSecret)).toBe(false);
    expect(accepts({ ...tenant, signature_algo: 'HMAC_SHA256' })).toBe(false);
    // §4.1: fixed to AES_GCM, omitted on create.
    expect(accepts({ ...tenant, signature_algo: 'AES_GCM' })).toBe(false);
    expect(accepts({ ...tenant, timeout_ms: 5000, max_attempts: 5, backoff_policy: { any: 'shape' } })).toBe(true);
    expect(accepts({ ...tenant, feature_id: 'feature-1' })).toBe(false);
    expect(accepts({ ...base, scope_kind: 'GLOBAL' })).toBe(false);
  });

  test('the sandbox option allows http:// on loopback only', () => {
    const sandbox = createDestinationRequestSchema({ allowLoopbackHttp: true });
    const tenant = { ...base, scope_kind: 'TENANT' };
    expect(sandbox.safeParse({ ...tenant, webhook_url: 'http://127.0.0.1:8787/v1/webhooks/banking' }).success).toBe(true);
    expect(sandbox.safeParse({ ...tenant, webhook_url: 'http://localhost:8787/hook' }).success).toBe(true);
    expect(sandbox.safeParse({ ...tenant, webhook_url: 'http://shop.example/hook' }).success).toBe(false);
  });

  test('the create result carries the envelope and the required destination fields', () => {
    const result = {
      response_code: 'CREATED',
      correlation_id: 'corr-1',
      id: 'dest-1',
      feature_id: base.feature_id,
      destination_kind: 'EXTERNAL_WEBHOOK',
      is_enabled: true,
      replay_window_sec: 300,
      scope_kind: 'TENANT',
      signature_algo: 'AES_GCM',
      webhook_url: base.webhook_url,
    };
    expect(destinationCreateResponse.safeParse(result).success).toBe(true);
    const { replay_window_sec: _r, ...missing } = result;
    expect(destinationCreateResponse.safeParse(missing).success).toBe(false);
  });
});

test.describe('features and envelopes', () => {
  test('features query refuses tenant_id', () => {
    expect(featuresQuery.safeParse({ country_code: 'CR', webhook_enabled: 'true' }).success).toBe(true);
    expect(featuresQuery.safeParse({ tenant_id: 't1' }).success).toBe(false);
  });

  test('features response lists event types of the four', () => {
    const ok = { response_code: 'OK', correlation_id: 'c', items: [{ id: 'f1', event_types: ['payin.posted', 'payment.failed'] }] };
    expect(featuresResponse.safeParse(ok).success).toBe(true);
    expect(featuresResponse.safeParse({ ...ok, items: [{ id: 'f1', event_types: ['payment.status_changed'] }] }).success).toBe(false);
    expect(featuresResponse.safeParse({ response_code: 'OK', correlation_id: 'c' }).success).toBe(false);
  });

  test('error responses use the error codes of the table', () => {
    expect(bankErrorResponse.safeParse({ response_code: 'NOT_FOUND', correlation_id: 'c' }).success).toBe(true);
    expect(bankErrorResponse.safeParse({ response_code: 'OK', correlation_id: 'c' }).success).toBe(false);
    expect(bankHttpStatus.TOO_MANY_REQUESTS).toBe(429);
  });
});

test.describe('reason codes', () => {
  test('the catalog holds every listed code', () => {
    expect(Object.keys(reasonCodeCatalog)).toHaveLength(144);
    expect(reasonCodeCatalog['21']).toBe('insufficient funds');
    expect(reasonCodeCatalog['110']).toBe('state does not allow a query');
    expect(reasonCodeCatalog['15305']).toBe('phone already active as a wallet in the local registry');
  });

  test('21 stays SINPE_REJECTED with its specific message', () => {
    expect(rejectionFor('21')).toEqual({ code: 'SINPE_REJECTED', reason_code: '21', message: 'insufficient funds' });
  });

  test('codes with their own semantic map to it', () => {
    expect(rejectionFor('23').code).toBe('ACCOUNT_CLOSED');
    expect(rejectionFor('15303').code).toBe('WALLET_PHONE_NOT_REGISTERED_BCCR');
    expect(rejectionFor('78').code).toBe('RETRY_LATER');
  });

  test('an unlisted numeric code is SINPE_REJECTED with a generic message', () => {
    const result = rejectionFor('9999');
    expect(result.code).toBe('SINPE_REJECTED');
    expect(result.message).toBe('payment rejected by the rail');
  });

  test('a non-numeric code is PHONE_NOT_REGISTERED', () => {
    expect(rejectionFor('E-WALLET-404').code).toBe('PHONE_NOT_REGISTERED');
    expect(rejectionFor('').code).toBe('PHONE_NOT_REGISTERED');
  });

  test('the provider detail text is preferred', () => {
    expect(rejectionFor('21', 'Fondos insuficientes en la cuenta origen').message).toBe('Fondos insuficientes en la cuenta origen');
    expect(rejectionFor('21', '  ').message).toBe('insufficient funds');
  });

  test('shopper text never repeats the bank reason', () => {
    for (const code of rejectionCodes) {
      const text = shopperSafeMessage(code);
      expect(text.length).toBeGreaterThan(10);
      expect(text).not.toMatch(/closed|blocked|seized|laundering|deceased|judicial|insufficient/i);
    }
    expect(shopperSafeMessage('RETRY_LATER')).not.toBe(shopperSafeMessage('ACCOUNT_CLOSED'));
  });

  test('a rejection is kept with the bank\'s code; an unknown code takes its message from the reason code, else the generic one', () => {
    const generic = shopperSafeMessage('SINPE_REJECTED');
    const cases: Array<[sent: { code: string; reason_code: string }, kept: { code: string; reason_code: string | null; shopperMessage: string }]> = [
      [{ code: 'RETRY_LATER', reason_code: '21' }, { code: 'RETRY_LATER', reason_code: '21', shopperMessage: shopperSafeMessage('RETRY_LATER') }],
      [{ code: 'SOME_NEW_CODE', reason_code: '15303' }, { code: 'SOME_NEW_CODE', reason_code: '15303', shopperMessage: shopperSafeMessage('WALLET_PHONE_NOT_REGISTERED_BCCR') }],
      [{ code: 'SOME_NEW_CODE', reason_code: '' }, { code: 'SOME_NEW_CODE', reason_code: null, shopperMessage: generic }],
      [{ code: 'SOME_NEW_CODE', reason_code: '9999' }, { code: 'SOME_NEW_CODE', reason_code: '9999', shopperMessage: generic }],
      // No code from the bank: ours from the reason code (§6.5); with neither, the plain refusal.
      [{ code: '', reason_code: '78' }, { code: 'RETRY_LATER', reason_code: '78', shopperMessage: shopperSafeMessage('RETRY_LATER') }],
      [{ code: ' ', reason_code: '' }, { code: 'SINPE_REJECTED', reason_code: null, shopperMessage: generic }],
    ];
    for (const [sent, kept] of cases) expect(keptRejection({ ...sent, message: '' }), JSON.stringify(sent)).toEqual(kept);
    // What the order keeps to word the buyer's message: a platform code without a reason stays as it is.
    expect(shopperRejectionCode('SOME_NEW_CODE', '15303')).toBe('WALLET_PHONE_NOT_REGISTERED_BCCR');
    expect(shopperRejectionCode('ACCOUNT_CLOSED', '15303')).toBe('ACCOUNT_CLOSED');
    expect(shopperRejectionCode('POSTING_FAILED', null)).toBe('POSTING_FAILED');
  });
});
