// Builds the OpenAPI 3.1 document from the same zod schemas the routes validate with. zod 4's
// JSON Schema output is draft 2020-12, which is OpenAPI 3.1's schema dialect.
import { z } from 'zod';
import type * as core from 'zod/v4/core';
import { problem } from '../../contract/bff-api.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ResponseDoc {
  description: string;
  schema?: core.$ZodType;
  /** Default application/json (application/problem+json for 4xx/5xx with no schema given). */
  contentType?: string;
  headers?: Record<string, string>;
}

export interface ParameterDoc {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description?: string;
}

export interface OperationDoc {
  method: HttpMethod;
  /** OpenAPI path template: `/v1/orders/{orderNumber}`. */
  path: string;
  operationId: string;
  summary: string;
  tags: string[];
  security?: 'session' | 'statusOrSession' | 'merchant';
  parameters?: ParameterDoc[];
  requestBody?: core.$ZodType;
  responses: Record<string, ResponseDoc>;
}

function jsonSchema(schema: core.$ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest;
}

const securitySchemes = {
  session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Session token from POST /v1/sessions or /v1/merchant/checkout-sessions.' },
  status: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Status token from the #svc-result fragment after /v1/return.' },
  merchant: { type: 'http', scheme: 'bearer', description: 'The merchant secret (MERCHANT_SECRET).' },
};

const securityOf = {
  session: [{ session: [] }],
  statusOrSession: [{ status: [] }, { session: [] }],
  merchant: [{ merchant: [] }],
};

export function buildOpenApiDocument(operations: readonly OperationDoc[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(operation.responses)) {
      const isError = Number(status) >= 400;
      const schema = response.schema ?? (isError ? problem : undefined);
      const contentType = response.contentType ?? (isError && !response.schema ? 'application/problem+json' : 'application/json');
      responses[status] = {
        description: response.description,
        ...(schema ? { content: { [contentType]: { schema: jsonSchema(schema, 'output') } } } : {}),
        ...(response.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
              ),
            }
          : {}),
      };
    }
    (paths[operation.path] ??= {})[operation.method] = {
      operationId: operation.operationId,
      summary: operation.summary,
      tags: operation.tags,
      ...(operation.security ? { security: securityOf[operation.security] } : {}),
      ...(operation.parameters
        ? {
            parameters: operation.parameters.map((parameter) => ({
              name: parameter.name,
              in: parameter.in,
              required: parameter.in === 'path' ? true : (parameter.required ?? false),
              ...(parameter.description ? { description: parameter.description } : {}),
              schema: { type: 'string' },
            })),
          }
        : {}),
      ...(operation.requestBody
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(operation.requestBody, 'input') } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'svc-checkout BFF',
      version: '1.0.0',
      description: 'Checkout sessions, hosted-page payments, verified returns and order status. Errors are application/problem+json.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: { securitySchemes },
  };
}
