import { expect } from '@playwright/test';
import { processPaymentResponse } from '../../../contract/gateway/index.ts';
import { paymentRequest, type SandboxUnderTest } from './sandbox-under-test.ts';

/** processPayment for one order; returns the hosted page URL. */
export async function createHostedPayment(sandbox: SandboxUnderTest, overrides: Record<string, string> = {}): Promise<string> {
  const response = await sandbox.post('/api/v1/processPayment', paymentRequest(overrides));
  expect(response.status).toBe(200);
  const body = processPaymentResponse.parse(await response.json());
  expect(body.type).toBe('100');
  return body.url;
}

/** processPayment then pay with `card`; returns the redirect query. */
export async function payOrder(sandbox: SandboxUnderTest, orderNumber: string, card: string, overrides: Record<string, string> = {}): Promise<URLSearchParams> {
  const url = await createHostedPayment(sandbox, { orderNumber, ...overrides });
  return (await sandbox.control.payHostedPage(url, { card })).searchParams;
}
