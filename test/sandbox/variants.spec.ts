// The variance mode (sandbox/variants): the gateway and the bank answer with the spec model's variants,
// seeded, so a seed replays the same answers; off, the answers are the contract's own shapes.
import { expect, test } from '../support/node-test.ts';
import { consultResponse, gatewayFailure } from '../../contract/gateway/index.ts';
import { decryptDelivery } from '../../node/bank-delivery-codec.ts';
import { sandboxDefaults } from '../../sandbox/defaults.ts';
import { payOrder } from './support/payments.ts';
import { startReceiver } from './support/receiver.ts';
import { cards, merchant, startSandboxUnderTest, type SandboxUnderTest } from './support/sandbox-under-test.ts';

/** The same calls on a fresh sandbox: a paid order, then with the variants on a body-level 401 and two consults, as raw text. */
async function session(sandbox: SandboxUnderTest, seed: string): Promise<string[]> {
  await payOrder(sandbox, 'V1', cards.approved);
  await sandbox.control.setVariants({ enabled: true, seed });
  const consult = async () => (await sandbox.post('/api/v1/consult', { key: merchant.apiKey, orderNumber: 'V1', merchantId: '' })).text();
  const answers = [await consult()];
  await sandbox.login();
  answers.push(await consult(), await consult());
  return answers;
}

test('one seed, one set of answers; another seed, other answers', async () => {
  const runs: string[][] = [];
  for (const seed of ['seed-a', 'seed-a', 'seed-b']) {
    const sandbox = await startSandboxUnderTest({ variants: false, seed: 'same-sandbox', now: () => new Date('2026-11-21T14:05:09Z') });
    try {
      runs.push(await session(sandbox, seed));
    } finally {
      await sandbox.close();
    }
  }
  expect(runs[0]).toEqual(runs[1]);
  expect(runs[2]).not.toEqual(runs[0]);
  // The first authenticated call is refused in the body, HTTP 200.
  expect(gatewayFailure.parse(JSON.parse(runs[0]![0]!))).toMatchObject({ type: '401' });
  // The records are the same facts, written differently: the strict contract may refuse them.
  expect(runs[0]![1]).toContain('V1');
});

/** The test's own reading of a consult answer: the records' id, code and amount, however written. */
function readRecords(answer: Record<string, unknown>): Array<{ id: number; code: string; amount: number }> {
  const records = Array.isArray(answer.response) ? (answer.response as Array<Record<string, unknown>>) : [];
  return records.map((record) => ({ id: Number(record.id_svc), code: String(record.code), amount: Number(String(record.amount).replace(/,/g, '')) }));
}

test('switched per test through the control API: off, the contract shapes; on, the spec model\'s variants of the same records', async () => {
  const sandbox = await startSandboxUnderTest({ variants: false });
  try {
    await payOrder(sandbox, 'V2', cards.approved);
    const consult = async () => (await sandbox.post('/api/v1/consult', { key: merchant.apiKey, orderNumber: 'V2', merchantId: '' })).json() as Promise<Record<string, unknown>>;
    const strict = await consult();
    expect(consultResponse.safeParse(strict).success).toBe(true);
    await sandbox.control.setVariants({ enabled: true, seed: 'switch', rate: 1, bodyUnauthorized: 0 });
    const varied = [await consult(), await consult(), await consult()];
    for (const answer of varied) {
      expect(String(answer.type)).toBe('200');
      expect(readRecords(answer)).toEqual(readRecords(strict));
    }
    expect(varied.some((answer) => !consultResponse.safeParse(answer).success)).toBe(true);
    await sandbox.control.setVariants({ enabled: false });
    expect(consultResponse.safeParse(await consult()).success).toBe(true);
  } finally {
    await sandbox.close();
  }
});

test('bank deliveries under the variants: the same event, written as the model allows (MIME data, raw int64 public_id)', async () => {
  const sandbox = await startSandboxUnderTest({ variants: false, allowHttpLoopbackWebhooks: true });
  const receiver = await startReceiver();
  try {
    const features = (await (await bank(sandbox, '/webhook/features')).json()) as { items: Array<{ id: string }> };
    const created = await bank(sandbox, '/webhook/destination', {
      feature_id: features.items[0]!.id,
      destination_kind: 'EXTERNAL_WEBHOOK',
      webhook_url: `${receiver.url}/hook`,
      secret_ref: secretRef,
      scope_kind: 'TENANT',
    });
    expect(created.status).toBe(201);
    await sandbox.control.setVariants({ enabled: true, seed: 'bank', rate: 1, bodyUnauthorized: 0 });
    const triggered = [];
    for (let index = 0; index < 6; index++) triggered.push(await sandbox.control.triggerBankEvent({ event_type: 'payment.succeeded', amount: '10000.00' }));
    expect(receiver.received).toHaveLength(6);
    const datas = receiver.received.map((request) => (JSON.parse(request.body) as { data: string }).data);
    for (const [index, data] of datas.entries()) {
      const text = await decryptDelivery(data.replace(/\r?\n/g, ''), secretRef);
      const event = JSON.parse(text) as { event: { event_id: string }; payment: { payment_id: string } };
      expect(event.event.event_id).toBe(triggered[index]!.event_ids[0]);
      expect(event.payment.payment_id).toBe(triggered[index]!.payment_id);
      // Above 2^53, read from the raw text: as a JSON number or as digits.
      expect(BigInt(/"public_id":"?(\d+)"?/.exec(text)![1]!)).toBeGreaterThan(2n ** 53n);
    }
    expect(datas.some((data) => /\r?\n/.test(data))).toBe(true);
  } finally {
    await receiver.close();
    await sandbox.close();
  }
});

const secretRef = 'variants-secret-ref-01';

function bank(sandbox: SandboxUnderTest, path: string, body?: unknown) {
  return fetch(`${sandbox.url}/banking/api/public/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${sandboxDefaults.bankAccessToken}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
