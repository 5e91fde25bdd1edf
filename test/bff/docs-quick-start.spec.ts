// docs/quick-start.md run as written: its curl commands (method, path, headers, body) go to an
// in-process BFF and sandbox, the buyer pays with the card the page names, and every answer shows the
// fields and values the page shows. A change to the API that makes the page untrue fails here.
import { readFileSync } from 'node:fs';
import { expect, test } from '../support/node-test.ts';
import { checkout, followReturn } from './fixtures/buyer.ts';
import { startSystem, shopOrigin, type System } from '../support/system.ts';

const page = readFileSync('docs/quick-start.md', 'utf8');
const documentedBff = 'http://127.0.0.1:8787';
const documentedShop = 'http://127.0.0.1:5173';

interface CurlStep {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The JSON block that follows the command on the page: the answer it shows. */
  answer: Record<string, unknown>;
}

/** Each ```sh block with a curl command, with the ```json block after it. */
function curlSteps(markdown: string): CurlStep[] {
  const blocks = [...markdown.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((match) => ({ lang: match[1], text: match[2]! }));
  return blocks.flatMap((block, index) => {
    if (block.lang !== 'sh' || !block.text.includes('curl ')) return [];
    const command = block.text.replace(/\\\n\s*/g, ' ');
    const answer = blocks.slice(index + 1).find((next) => next.lang === 'json');
    const url = / (http:\/\/\S+)/.exec(command)![1]!;
    expect(url.startsWith(documentedBff), `${url} is the BFF of npm start`).toBe(true);
    const headers = Object.fromEntries([...command.matchAll(/-H (['"])(.*?)\1/g)].map((match) => match[2]!.split(/:\s*/, 2) as [string, string]));
    return [{ method: /-X (\w+)/.exec(command)?.[1] ?? 'GET', path: url.slice(documentedBff.length), headers, body: /-d '(.*?)'/.exec(command)?.[1], answer: JSON.parse(answer!.text) }];
  });
}

const isoDateTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** The documented answer, with "…" placeholders read as "some string" and example times as "some time". */
function expectedShape(documented: Record<string, unknown>): Record<string, unknown> {
  const shape = (value: unknown) =>
    typeof value === 'string' && value.includes('…') ? expect.any(String) : typeof value === 'string' && isoDateTime.test(value) ? expect.stringMatching(isoDateTime) : value;
  return Object.fromEntries(Object.entries(documented).map(([key, value]) => [key, shape(value)]));
}

let stack: System;
test.beforeAll(async () => {
  stack = await startSystem();
});
test.afterAll(async () => {
  await stack?.close();
});

test('the quick start: create a session, pay with the documented card, read an approved and captured order', async () => {
  const steps = curlSteps(page);
  expect(steps.map((step) => `${step.method} ${step.path}`)).toEqual(['POST /v1/merchant/checkout-sessions', 'GET /v1/merchant/orders/SHOP-1001']);
  const card = /\*\*(\d{4} \d{4} \d{4} \d{4})\*\*/.exec(page)![1]!.replaceAll(' ', '');
  const [createSession, readOrder] = steps as [CurlStep, CurlStep];

  const send = async (step: CurlStep) => {
    const headers = Object.fromEntries(Object.entries(step.headers).map(([name, value]) => [name, value.replace('$MERCHANT_SECRET', stack.env.MERCHANT_SECRET!)]));
    // The page's shop is npm start's demo; this stack allows its own shop origin instead.
    const body = step.body?.replaceAll(documentedShop, shopOrigin);
    const response = await fetch(stack.bffUrl + step.path, { method: step.method, headers, ...(body === undefined ? {} : { body }) });
    return { status: response.status, json: (await response.json()) as Record<string, any> };
  };

  const session = await send(createSession);
  expect(session.status, JSON.stringify(session.json)).toBe(201);
  expect(session.json).toEqual(expectedShape(createSession.answer));

  const { redirectUrl } = await checkout(stack.bffUrl, session.json.sessionToken);
  const back = await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card }));
  expect(back.status).toBe(303);

  const order = await send(readOrder);
  expect(order.status).toBe(200);
  expect(order.json).toMatchObject(expectedShape(readOrder.answer));
});
