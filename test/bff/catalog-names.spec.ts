// A catalog session names its lines in the buyer's language where the catalog has the name
// (`names` by language tag; the demo catalog has es and pt-BR), by the widget's language chain: the
// widget's summary, the merchant's order and its webhooks say what the storefront showed.
import { expect, test } from '../support/node-test.ts';
import type { CreateSessionResponse } from '../../contract/bff-api.ts';
import { startSystem, shopOrigin, type System } from '../support/system.ts';

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack?.close();
});

async function lineNames(locale: string | undefined): Promise<string[]> {
  const response = await fetch(`${stack.bffUrl}/v1/sessions`, {
    method: 'POST',
    headers: { Origin: shopOrigin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [{ sku: 'CR-HAMMOCK', quantity: 1 }, { sku: 'CR-CERAMIC-MUG', quantity: 2 }], ...(locale && { locale }) }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as CreateSessionResponse).order.lines.map((line) => line.name);
}

for (const [locale, names] of [
  ['es-CR', ['Hamaca de algodón', 'Taza de cerámica chorotega']],
  ['es', ['Hamaca de algodón', 'Taza de cerámica chorotega']],
  ['pt-BR', ['Rede de algodão', 'Caneca de cerâmica chorotega']],
  ['pt-PT', ['Rede de algodão', 'Caneca de cerâmica chorotega']],
  ['en', ['Cotton hammock', 'Chorotega ceramic mug']],
  ['fr', ['Cotton hammock', 'Chorotega ceramic mug']],
  [undefined, ['Cotton hammock', 'Chorotega ceramic mug']],
] as const) {
  test(`a session in ${locale ?? 'no language'} names its lines ${names.join(', ')}`, async () => {
    expect(await lineNames(locale)).toEqual(names);
  });
}
