// Builds the OpenAPI 3.1 document from the same zod schemas the routes validate with. zod 4's
// JSON Schema output is draft 2020-12, which is OpenAPI 3.1's schema dialect. Every body and answer
// becomes a named component (components.ts names the shared ones), so a generated client has an
// `Order` or a `Problem` type rather than anonymous inlined objects.
import { z } from 'zod';
import type * as core from 'zod/v4/core';
import { problem } from '../../../contract/bff-api.ts';
import { requestComponents, responseComponents } from './components.ts';
import { describeFields, parameterDescription } from './field-descriptions.ts';
import { merchantWebhooks } from './webhooks-doc.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ResponseDoc {
  description: string;
  schema?: core.$ZodType;
  /** Default application/json (application/problem+json for 4xx/5xx with no schema given). */
  contentType?: string;
  /** Other media types the same answer may come as (`text/csv`), each a text body described in words. */
  alternatives?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface ParameterDoc {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description?: string;
  /** Its type; a string when not given. Query fields of a zod object come typed from `query`. */
  schema?: core.$ZodType;
}

export type SecurityName = 'none' | 'session' | 'statusOrSession' | 'merchant' | 'metrics';

export interface OperationDoc {
  method: HttpMethod;
  /** OpenAPI path template: `/v1/orders/{orderNumber}`. */
  path: string;
  operationId: string;
  /** A few words: what the reference page lists. */
  summary: string;
  /** What it does, for whom, and what a caller should know. */
  description: string;
  tags: string[];
  security: SecurityName;
  parameters?: ParameterDoc[];
  /** The zod object the route validates its query string with: each field becomes a typed parameter. */
  query?: core.$ZodObject;
  requestBody?: core.$ZodType;
  responses: Record<string, ResponseDoc>;
}

export const idempotencyKeyHeader = 'Idempotency-Key';
export const replayedResponseHeader = 'Idempotent-Replayed';

const securitySchemes = {
  session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Session token from POST /v1/sessions or /v1/merchant/checkout-sessions.' },
  status: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Status token from the #svc-result fragment after /v1/return.' },
  merchant: { type: 'http', scheme: 'bearer', description: 'The merchant secret (MERCHANT_SECRET).' },
  metrics: { type: 'http', scheme: 'bearer', description: 'The operators\' metrics token (METRICS_TOKEN); not needed on OPS_PORT without one.' },
};

const securityOf: Record<SecurityName, Array<Record<string, string[]>>> = {
  // An explicit empty list: called without credentials (the gateway, the bank, the buyer's browser).
  none: [],
  session: [{ session: [] }],
  statusOrSession: [{ status: [] }, { session: [] }],
  merchant: [{ merchant: [] }],
  metrics: [{ metrics: [] }],
};

const responseHeaders: Record<string, { description: string; schema: Record<string, unknown> }> = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
  [replayedResponseHeader]: {
    description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/**
 * The versioning policy (README) lets a release add fields to answers and webhook payloads, so the
 * answer side is open: zod writes `additionalProperties: false` for every object it outputs (and
 * for strict ones), which would make a strictly validating client fail on the first additive
 * release. Requests keep what zod says: the merchant's are strict and refuse an unknown field.
 */
function openForAdditions(io: 'input' | 'output') {
  return (context: { jsonSchema: { additionalProperties?: unknown } }) => {
    if (io === 'output' && context.jsonSchema.additionalProperties === false) delete context.jsonSchema.additionalProperties;
  };
}

function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

const pascal = (operationId: string) => operationId.charAt(0).toUpperCase() + operationId.slice(1);
const componentRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * Names every schema an operation sends or receives, then converts each side at once so that a
 * shared object is one `$ref` wherever it appears. Requests are read as the BFF accepts them
 * (`io: input`), answers as it sends them (`io: output`).
 */
class ComponentNames {
  readonly requests = z.registry<{ id: string }>();
  readonly responses = z.registry<{ id: string }>();
  private readonly taken = new Set<string>();

  constructor() {
    for (const [name, schema] of requestComponents) this.add(this.requests, schema, name);
    for (const [name, schema] of responseComponents) this.add(this.responses, schema, name);
  }

  /** The component name of `schema` on one side, naming it `fallback` the first time. */
  nameOf(side: 'request' | 'response', schema: core.$ZodType, fallback: string): string {
    const registry = side === 'request' ? this.requests : this.responses;
    return registry.get(schema)?.id ?? this.add(registry, schema, fallback);
  }

  private add(registry: core.$ZodRegistry<{ id: string }>, schema: core.$ZodType, name: string): string {
    if (this.taken.has(name)) throw new Error(`Two OpenAPI components are named ${name}`);
    this.taken.add(name);
    registry.add(schema, { id: name });
    return name;
  }

  schemas(): Record<string, unknown> {
    const convert = (registry: core.$ZodRegistry<{ id: string }>, io: 'input' | 'output') => {
      const { schemas } = z.toJSONSchema(registry, {
        io,
        override: openForAdditions(io),
        unrepresentable: 'any',
        target: 'draft-2020-12',
        uri: (id) => `#/components/schemas/${id}`,
      }) as { schemas: Record<string, Record<string, unknown>> };
      return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, describeFields(name, withoutDialect(schema))]));
    };
    return { ...convert(this.responses, 'output'), ...convert(this.requests, 'input') };
  }
}

function inlineSchema(schema: core.$ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return withoutDialect(z.toJSONSchema(schema, { io, override: openForAdditions(io), unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>);
}

/**
 * A query field as a parameter. A comma-separated list (`status=approved,captured`) is a string the
 * route splits: it is documented as the array it becomes, serialized `form` without explode.
 */
function queryParameter(name: string, field: core.$ZodType, operationId: string) {
  const input = inlineSchema(field, 'input');
  const output = inlineSchema(field, 'output');
  const commaSeparated = input.type === 'string' && output.type === 'array';
  const { default: defaultValue, ...schema } = commaSeparated ? output : input;
  return {
    name,
    in: 'query',
    required: false,
    description: parameterDescription(operationId, name),
    ...(commaSeparated ? { style: 'form', explode: false } : {}),
    schema: defaultValue === undefined ? schema : { ...schema, default: defaultValue },
  };
}

function parameterOf(parameter: ParameterDoc, operationId: string) {
  return {
    name: parameter.name,
    in: parameter.in,
    required: parameter.in === 'path' ? true : (parameter.required ?? false),
    description: parameter.description ?? parameterDescription(operationId, parameter.name),
    schema: parameter.schema ? inlineSchema(parameter.schema, 'input') : { type: 'string' },
  };
}

function idempotencyParameter(required: boolean) {
  return {
    name: idempotencyKeyHeader,
    in: 'header',
    required,
    description: required
      ? 'Unique per intended operation. The same key and body replay the first answer (kept 24 h); another body gets 409.'
      : 'Optional here: when sent, the same key and body replay the first answer (kept 24 h); another body gets 409.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  };
}

/**
 * Every POST under /v1/merchant honours an Idempotency-Key (services.merchantIdempotency): required on the
 * money operations and link creation, optional on the others. An operation that does not list it
 * gets the optional one.
 */
function takesIdempotencyKey(operation: OperationDoc): boolean {
  return operation.method === 'post' && operation.path.startsWith('/v1/merchant/');
}

function responseOf(operation: OperationDoc, status: string, response: ResponseDoc, names: ComponentNames, idempotent: boolean) {
  const code = Number(status);
  const isError = code >= 400;
  const schema = response.schema ?? (isError ? problem : undefined);
  const contentType = response.contentType ?? (isError && !response.schema ? 'application/problem+json' : 'application/json');
  const headers: Record<string, unknown> = {};
  for (const [name, description] of Object.entries(response.headers ?? {})) {
    headers[name] = responseHeaders[name] ? { ...responseHeaders[name], description } : { description, schema: { type: 'string' } };
  }
  if (code === 429 || code === 503 || (idempotent && code === 409)) headers['Retry-After'] ??= responseHeaders['Retry-After'];
  if (idempotent && code >= 200 && code < 300) headers[replayedResponseHeader] ??= responseHeaders[replayedResponseHeader];
  const isJson = contentType.endsWith('json');
  const body =
    schema === undefined
      ? undefined
      : isJson
        ? componentRef(names.nameOf('response', schema, `${pascal(operation.operationId)}Response${isError ? status : ''}`))
        : inlineSchema(schema, 'output');
  return {
    description: response.description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(body ? { content: { [contentType]: { schema: body }, ...alternativeContent(response) } } : {}),
  };
}

function alternativeContent(response: ResponseDoc): Record<string, unknown> {
  return Object.fromEntries(Object.entries(response.alternatives ?? {}).map(([type, description]) => [type, { schema: { type: 'string', description } }]));
}

export interface DocumentInfo {
  serverUrl: string;
  /** The release (package.json): /v1 only grows compatibly, so the version tells releases apart. */
  version: string;
}

export function buildOpenApiDocument(operations: readonly OperationDoc[], info: DocumentInfo) {
  const names = new ComponentNames();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const declared = operation.parameters ?? [];
    const idempotent = takesIdempotencyKey(operation);
    const parameters = [
      ...declared.filter((parameter) => parameter.name !== idempotencyKeyHeader).map((parameter) => parameterOf(parameter, operation.operationId)),
      ...Object.entries(operation.query?._zod.def.shape ?? {}).map(([name, field]) => queryParameter(name, field, operation.operationId)),
      ...(idempotent ? [idempotencyParameter(declared.some((parameter) => parameter.name === idempotencyKeyHeader && parameter.required))] : []),
    ];
    const responses = Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => [status, responseOf(operation, status, response, names, idempotent)]),
    );
    (paths[operation.path] ??= {})[operation.method] = {
      operationId: operation.operationId,
      summary: operation.summary,
      description: operation.description,
      tags: operation.tags,
      security: securityOf[operation.security],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(operation.requestBody
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: componentRef(names.nameOf('request', operation.requestBody, `${pascal(operation.operationId)}Request`)) } },
            },
          }
        : {}),
      responses,
    };
  }
  const webhooks = merchantWebhooks((schema, name) => componentRef(names.nameOf('response', schema, name)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'svc-checkout BFF',
      version: info.version,
      description:
        'Checkout sessions, hosted-page payments, verified returns, order status, the merchant API and merchant webhooks. ' +
        'Errors are application/problem+json (`Problem`): `errors[].path` names each field. Money is a decimal string, never a number.',
    },
    servers: [{ url: info.serverUrl }],
    tags: documentTags,
    paths,
    webhooks,
    components: { schemas: names.schemas(), securitySchemes },
  };
}

const documentTags = [
  { name: 'checkout', description: 'The buyer\'s checkout: sessions, the form, the order status the widget polls.' },
  { name: 'merchant', description: 'The merchant server\'s API (Bearer merchant secret): sessions, orders and their money operations, links, bank payments.' },
  { name: 'merchant-webhooks', description: 'Where merchant webhooks go, and what was delivered.' },
  { name: 'banking', description: 'The bank\'s webhook API, through the BFF.' },
  { name: 'gateway', description: 'What the gateway and the buyer\'s browser call after a payment.' },
  { name: 'webhooks', description: 'Reports the gateway and the bank send the BFF.' },
  { name: 'operations', description: 'Operators: liveness, readiness, metrics, this document.' },
];
