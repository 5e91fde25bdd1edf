// /v1/openapi.json entries of the exchange-rate routes, taken from their createRoute definitions
// (bff/openapi/document.ts still builds the document from OperationDoc lists).
import type * as core from 'zod/v4/core';
import type { OperationDoc, ResponseDoc } from '../openapi/document.ts';
import { listExchangeRatesRoute, setExchangeRateRoute } from './exchange-rate-routes.ts';

type DeclaredRoute = typeof setExchangeRateRoute | typeof listExchangeRatesRoute;

function operationOf(route: DeclaredRoute): OperationDoc {
  const responses: Record<string, ResponseDoc> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const schema = 'content' in response ? (response.content as Record<string, { schema: core.$ZodType }>)['application/json']?.schema : undefined;
    responses[status] = { description: response.description, ...(schema && { schema }) };
  }
  const body = 'request' in route ? (route.request?.body?.content['application/json']?.schema as core.$ZodType | undefined) : undefined;
  return {
    method: route.method,
    path: `/v1/merchant${route.path}`,
    operationId: route.operationId ?? '',
    summary: route.summary ?? '',
    tags: route.tags ?? [],
    security: 'merchant',
    ...(body && { requestBody: body }),
    responses,
  };
}

export const exchangeRateOperations: OperationDoc[] = [setExchangeRateRoute, listExchangeRatesRoute].map(operationOf);
