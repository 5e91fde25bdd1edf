// POST and GET /v1/merchant/exchange-rates: the merchant sets the day's BCCR reference sell rate
// (dollar prices are then shown and payable in colones) and lists what it set.
import { Hono } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import { exchangeRateRequest } from '../../contract/exchange-rates.ts';
import { sameRate } from '../../contract/local-amount.ts';
import { ProblemException } from '../http/problem.ts';
import { validate } from '../http/validation.ts';
import { describeRoute } from '../openapi/route-doc.ts';
import type { Services } from '../services.ts';
import { exchangeRateDocs } from './exchange-rate-operations.ts';
import { exchangeRateView, listExchangeRates, putExchangeRate } from './exchange-rate-store.ts';

export function exchangeRateRoutes(services: Services) {
  const { store, clock } = services;
  return new Hono()
    .post('/exchange-rates', describeRoute(exchangeRateDocs.setExchangeRate), validate('json', exchangeRateRequest), async (c) => {
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
    .get('/exchange-rates', describeRoute(exchangeRateDocs.listExchangeRates), async (c) => c.json({ items: (await listExchangeRates(store.db, 'USD')).map(exchangeRateView) }, 200));
}
