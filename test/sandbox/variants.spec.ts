// The variance mode (sandbox/variants): the gateway answers with the variants the spec allows,
// seeded, so a seed replays the same answers; off, the answers are the contract's own shapes.
import { expect, test } from '@playwright/test';
import { consultResponse, gatewayFailure } from '../../contract/gateway/index.ts';
import { payOrder } from './support/payments.ts';
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

test('switched per test through the control API: off, the contract shapes; on, variants', async () => {
  const sandbox = await startSandboxUnderTest({ variants: false });
  try {
    await payOrder(sandbox, 'V2', cards.approved);
    const strict = async () => (await sandbox.post('/api/v1/consult', { key: merchant.apiKey, orderNumber: 'V2', merchantId: '' })).json();
    expect(consultResponse.safeParse(await strict()).success).toBe(true);
    await sandbox.control.setVariants({ enabled: true, seed: 'switch', rate: 1, bodyUnauthorized: 0 });
    const varied = (await strict()) as { type: unknown; response: Array<Record<string, unknown>> };
    expect(varied.type).toBe(200);
    expect(typeof varied.response[0]!.commission).toBe('string');
    expect(Object.keys(varied.response[0]!).some((key) => key.startsWith('x_'))).toBe(true);
    expect(consultResponse.safeParse(varied).success).toBe(false);
    await sandbox.control.setVariants({ enabled: false });
    expect(consultResponse.safeParse(await strict()).success).toBe(true);
  } finally {
    await sandbox.close();
  }
});
