// POST and GET /v1/merchant/exchange-rates: the merchant sets the day's BCCR reference sell rate
// (dollar prices are then shown and payable in colones) and lists what it set. Declared with
// @hono/zod-openapi's createRoute, so the route and its document are one definition.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { problemTypes } from '../../contract/bff-api.ts';
import { exchangeRate, exchangeRateList, exchangeRateRequest } from '../../contract/exchange-rates.ts';
import { sameRate } from '../../contract/local-amount.ts';
import { ProblemException } from '../http/problem.ts';
import { validationProblem } from '../http/validation.ts';
import type { Services } from '../services.ts';
import { exchangeRateView, listExchangeRates, putExchangeRate } from './exchange-rate-store.ts';

export const setExchangeRateRoute = createRoute({
  method: 'post',
  path: '/exchange-rates',
  operationId: 'setExchangeRate',
  summary: "Set a day's BCCR reference sell rate for dollar prices (colones per dollar). The same day and rate again is a repeat (200, the stored one); another rate for a day already set is refused (409).",
  tags: ['merchant'],
  security: [{ merchant: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: exchangeRateRequest } } } },
  responses: {
    201: { description: 'Stored.', content: { 'application/json': { schema: exchangeRate } } },
    200: { description: 'That day was already set to this rate: the stored one.', content: { 'application/json': { schema: exchangeRate } } },
    400: { description: 'Invalid request: `errors[]` names each field.' },
    401: { description: 'Missing or wrong merchant secret.' },
    409: { description: 'That day is already set to another rate (`errors[]` names `rate`).' },
  },
});

export const listExchangeRatesRoute = createRoute({
  method: 'get',
  path: '/exchange-rates',
  operationId: 'listExchangeRates',
  summary: 'The exchange rates the merchant set, newest day first (at most a year of them).',
  tags: ['merchant'],
  security: [{ merchant: [] }],
  responses: {
    200: { description: 'The rates.', content: { 'application/json': { schema: exchangeRateList } } },
    401: { description: 'Missing or wrong merchant secret.' },
  },
});

export function exchangeRateRoutes(services: Services) {
  const { store, clock } = services;
  const app = new OpenAPIHono({
    // The one error path: a bad body is the same 400 problem+json as everywhere else.
    defaultHook: (result) => {
      if (!result.success) throw validationProblem(result.error.issues);
    },
  });
  return app
    .openapi(setExchangeRateRoute, async (c) => {
      const request = c.req.valid('json');
      const { stored, created } = await putExchangeRate(store.db, request, clock.now());
      if (!sameRate(stored.rate, request.rate) || stored.source !== request.source) {
        throw new ProblemException(409, {
          type: problemTypes.conflict,
          title: 'Rate already set',
          detail: `The ${request.currency} rate of ${request.date} is already ${stored.rate}; a day has one rate.`,
          errors: [{ path: 'rate', message: `Already ${stored.rate} for ${request.date}.`, code: 'rate_already_set' }],
        });
      }
      return c.json(exchangeRateView(stored), created ? 201 : 200);
    })
    .openapi(listExchangeRatesRoute, async (c) => c.json({ items: (await listExchangeRates(store.db, 'USD')).map(exchangeRateView) }, 200));
}
