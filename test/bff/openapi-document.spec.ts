// /v1/openapi.json as a merchant's tools read it: every route the app serves is in it, Redocly's
// linter finds nothing, and it has what a client generator needs (named components, typed query
// parameters, headers, security per operation, the webhooks a merchant receives).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '../support/node-test.ts';
import { merchantEventTypes } from '../../contract/merchant-webhooks.ts';
import { startSystem, type System } from '../support/system.ts';

const run = promisify(execFile);

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  security: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required: boolean; description?: string; schema: Record<string, unknown>; style?: string; explode?: boolean }>;
  requestBody?: { content: Record<string, { schema: { $ref: string } }> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: Record<string, unknown> }> }>;
}
type JsonSchema = Record<string, unknown>;
interface OpenApiDocument {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  components: { schemas: Record<string, JsonSchema> };
}

let stack: System;
let document: OpenApiDocument;
let documentText: string;
test.beforeAll(async () => {
  stack = await startSystem();
  documentText = await (await fetch(`${stack.bffUrl}/v1/openapi.json`)).text();
  document = JSON.parse(documentText) as OpenApiDocument;
});
test.afterAll(async () => {
  await stack?.close();
});

const operations = () => Object.values(document.paths).flatMap((byMethod) => Object.values(byMethod));
const operation = (path: string, method: string) => {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found;
};
const parameter = (op: Operation, name: string) => op.parameters?.find((p) => p.name === name);

/** Served but documented elsewhere: the reference page and its files are HTML and assets, not API. */
const undocumentedOnPurpose = new Set(['/docs', '/docs/assets/start.js', '/docs/assets/swagger-ui.css', '/docs/assets/swagger-ui-bundle.js']);

test('every route the app serves is in the document, with a summary and a description', () => {
  const served = stack.bff.app.routes
    .filter((route) => route.method !== 'ALL' && !undocumentedOnPurpose.has(route.path))
    .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
  const documented = new Set(Object.entries(document.paths).flatMap(([path, byMethod]) => Object.keys(byMethod).map((method) => `${method} ${path}`)));
  expect(served.length).toBeGreaterThan(30);
  expect([...new Set(served)].filter((route) => !documented.has(route))).toEqual([]);
  for (const op of operations()) {
    expect(op.summary, op.operationId).toMatch(/\S/);
    expect(op.description, op.operationId).toMatch(/\S/);
  }
});

test('Redocly lint (recommended rules, redocly.yaml) finds no error and no warning in the served document', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(directory, 'openapi.json');
    await writeFile(file, documentText);
    // redocly exits non-zero on errors; its JSON report says which, so read it either way.
    const lint = await run(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', file, '--config', 'redocly.yaml', '--format', 'json'], { maxBuffer: 16 * 1024 * 1024 }).catch(
      (failure: { stdout: string }) => failure,
    );
    const { totals, problems } = JSON.parse(lint.stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string }> };
    expect(problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(totals).toMatchObject({ errors: 0, warnings: 0 });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
});

test('shared objects are named components, and every merchant event is one', () => {
  const names = Object.keys(document.components.schemas);
  for (const name of ['Order', 'OrderDetail', 'OrderStatus', 'Problem', 'PaymentLink', 'BankPayment', 'WebhookEndpoint', 'Delivery', 'MerchantSessionRequest']) {
    expect(names).toContain(name);
  }
  expect(operation('/v1/merchant/orders/{orderNumber}', 'get').responses['200']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/OrderDetail' });
  expect(operation('/v1/checkout', 'post').responses['400']?.content?.['application/problem+json']?.schema).toEqual({ $ref: '#/components/schemas/Problem' });
  // One definition of the order wherever it appears.
  expect(JSON.stringify(document.components.schemas.OrderList)).toContain('"$ref":"#/components/schemas/Order"');
  expect(document.components.schemas.OrderStatus).toMatchObject({ type: 'string', enum: expect.arrayContaining(['approved', 'captured']) });
});

test('query numbers are numbers, enums are enums, and a comma-separated filter is an array', () => {
  const listOrders = operation('/v1/merchant/orders', 'get');
  expect(parameter(listOrders, 'limit')?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 200, default: 50 });
  expect(parameter(listOrders, 'source')?.schema).toMatchObject({ type: 'string', enum: ['catalog', 'merchant', 'link'] });
  expect(parameter(listOrders, 'status')).toMatchObject({ style: 'form', explode: false, schema: { type: 'array', items: { type: 'string', enum: expect.arrayContaining(['approved', 'captured']) } } });
  expect(parameter(operation('/v1/merchant/payment-links', 'get'), 'page')?.schema).toMatchObject({ type: 'integer' });
});

test('every request field and every parameter has a description', () => {
  const undescribed: string[] = [];
  const walk = (schema: JsonSchema | undefined, where: string) => {
    if (!schema) return;
    for (const key of ['anyOf', 'oneOf'] as const) for (const branch of (schema[key] as JsonSchema[] | undefined) ?? []) walk(branch, where);
    walk(schema.items as JsonSchema | undefined, where);
    for (const [name, property] of Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      if (!property.description && !property.$ref) undescribed.push(`${where}.${name}`);
      walk(property, `${where}.${name}`);
    }
  };
  for (const op of operations()) {
    const body = op.requestBody?.content['application/json']?.schema.$ref.split('/').pop();
    if (body) walk(document.components.schemas[body], body);
    for (const p of op.parameters ?? []) if (!p.description) undescribed.push(`${op.operationId} ${p.in} ${p.name}`);
  }
  walk(document.components.schemas.Prefill, 'Prefill');
  expect(undescribed).toEqual([]);
});

test('Idempotency-Key is documented where honoured, with Retry-After and Idempotent-Replayed where sent', () => {
  const session = operation('/v1/merchant/checkout-sessions', 'post');
  expect(parameter(session, 'Idempotency-Key')).toMatchObject({ in: 'header', required: false });
  expect(session.responses['201']?.headers).toHaveProperty('Idempotent-Replayed');
  const capture = operation('/v1/merchant/orders/{orderNumber}/capture', 'post');
  expect(parameter(capture, 'Idempotency-Key')).toMatchObject({ in: 'header', required: true });
  expect(capture.responses['409']?.headers).toHaveProperty('Retry-After');
  expect(capture.responses['503']?.headers).toHaveProperty('Retry-After');
  expect(operation('/v1/sessions', 'post').responses['429']?.headers).toHaveProperty('Retry-After');
  for (const [path, byMethod] of Object.entries(document.paths)) {
    if (path.startsWith('/v1/merchant/') && byMethod.post) expect(parameter(byMethod.post, 'Idempotency-Key'), path).toBeDefined();
  }
});

test('security is stated on every operation: merchant bearer, session bearer, metrics token, or none', () => {
  expect(operation('/v1/merchant/orders', 'get').security).toEqual([{ merchant: [] }]);
  expect(operation('/v1/checkout', 'post').security).toEqual([{ session: [] }]);
  expect(operation('/metrics', 'get').security).toEqual([{ metrics: [] }]);
  expect(operation('/v1/webhooks/banking', 'post').security).toEqual([]);
  for (const op of operations()) expect(Array.isArray(op.security), op.operationId).toBe(true);
});

test('the webhooks section has every merchant event type, its payload and the Standard Webhooks headers', () => {
  expect(Object.keys(document.webhooks).sort()).toEqual([...merchantEventTypes].sort());
  const approved = document.webhooks['order.approved']!.post;
  expect(approved.parameters?.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
  const body = document.components.schemas[approved.requestBody!.content['application/json']!.schema.$ref.split('/').pop()!]!;
  expect(body).toMatchObject({ properties: { type: { const: 'order.approved' }, data: { $ref: '#/components/schemas/Order' } } });
  expect(document.components.schemas.LinkPaidEvent).toBeDefined();
  expect(document.components.schemas.BankPaymentFailedEvent).toMatchObject({ properties: { data: { $ref: '#/components/schemas/BankPayment' } } });
});

test('info.version is the release in package.json', async () => {
  const manifest = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
  expect(document.info.version).toBe(manifest.version);
});

/** Every component a schema reaches through `$ref`, itself included. */
function reachable(names: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') {
        const name = inner.split('/').pop()!;
        if (!seen.has(name)) {
          seen.add(name);
          visit(document.components.schemas[name]);
        }
      } else visit(inner);
    }
  };
  for (const name of names) visit({ $ref: `#/components/schemas/${name}` });
  return seen;
}

/** The paths inside a schema where `additionalProperties: false` closes an object. */
function closedObjects(schema: unknown, at = ''): string[] {
  if (Array.isArray(schema)) return schema.flatMap((inner, index) => closedObjects(inner, `${at}/${index}`));
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([key, inner]) => (key === 'additionalProperties' && inner === false ? [at || '/'] : closedObjects(inner, `${at}/${key}`)));
}

const refName = (schema: Record<string, unknown> | undefined) => (typeof schema?.$ref === 'string' ? [schema.$ref.split('/').pop()!] : []);

test('answers and webhook payloads are open for additions (versioning policy); merchant requests stay closed', () => {
  // README "Versioning policy": a release may add fields to answers and webhook payloads, so no
  // answer schema may forbid them, or a client that validates strictly breaks on the next release.
  const answers = operations().flatMap((op) => Object.values(op.responses).flatMap((response) => Object.values(response.content ?? {}).flatMap((media) => refName(media.schema))));
  const payloads = Object.values(document.webhooks).flatMap((hook) => refName(hook.post.requestBody?.content['application/json']?.schema));
  expect(answers).toEqual(expect.arrayContaining(['OrderDetail', 'Problem']));
  expect(payloads.length).toBe(merchantEventTypes.length);
  const open = reachable([...answers, ...payloads]);
  expect([...open]).toEqual(expect.arrayContaining(['Order', 'OrderDetail', 'Problem']));
  const closed = [...open].flatMap((name) => closedObjects(document.components.schemas[name]).map((at) => `${name}${at}`));
  expect(closed).toEqual([]);
  // Inline answers (a schema written in the operation, not a component) too.
  for (const op of operations()) {
    for (const response of Object.values(op.responses)) for (const media of Object.values(response.content ?? {})) expect(closedObjects(media.schema), op.operationId).toEqual([]);
  }

  // Requests: a field the BFF does not take is refused (400 unknown_field), and the document says so.
  const session = operation('/v1/merchant/checkout-sessions', 'post').requestBody!.content['application/json']!.schema;
  const sessionSchema = document.components.schemas[refName(session)[0]!]!;
  expect(sessionSchema.additionalProperties).toBe(false);
  expect(closedObjects(sessionSchema)).toEqual(expect.arrayContaining(['/']));
  for (const [path, method] of [['/v1/merchant/orders/{orderNumber}/capture', 'post'], ['/v1/merchant/payment-links', 'post'], ['/v1/merchant/webhook-endpoints', 'post']] as const) {
    const body = document.components.schemas[refName(operation(path, method).requestBody!.content['application/json']!.schema)[0]!]!;
    expect(body.additionalProperties, `${method} ${path}`).toBe(false);
  }
});
