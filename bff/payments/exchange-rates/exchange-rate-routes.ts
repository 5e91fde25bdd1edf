// POST and GET /v1/merchant/exchange-rates: the merchant sets the day's BCCR reference sell rate
// (dollar prices are then shown and payable in colones), corrects it (replace: true), and lists what
// it set with every change. A rate far from the previous day's is refused: it is a typo.
import { Hono } from 'hono';
import { problemTypes } from '../../../contract/bff-api.ts';
import { exchangeRateRequest } from '../../../contract/exchange-rates.ts';
import { bearerToken } from '../../http/auth/bearer.ts';
import { writingKeyOf } from '../../http/auth/merchant.ts';
import { invalidField } from '../../lib/domain-error.ts';
import { ProblemException } from '../../http/problem.ts';
import { validate } from '../../http/validation.ts';
import { describeRoute } from '../../http/openapi/route-doc.ts';
import type { Services } from '../../services.ts';
import { exchangeRateDocs } from './exchange-rate-openapi.ts';
import { outOfBand } from './rate-band.ts';
import { changesOf, exchangeRateView, listExchangeRates, previousDayRate, putExchangeRate } from './exchange-rate-store.ts';

export type ExchangeRateRoutesDeps = Pick<Services, 'store' | 'clock' | 'config' | 'exchangeRates'>;

export function exchangeRateRoutes(services: ExchangeRateRoutesDeps) {
  const { store, clock, config } = services;
  return new Hono()
    .post('/exchange-rates', describeRoute(exchangeRateDocs.setExchangeRate), validate('json', exchangeRateRequest), async (c) => {
      const request = c.req.valid('json');
      const previous = await previousDayRate(store.db, request.currency, request.date);
      const refused = outOfBand(request.rate, previous && { rate: previous.rate, date: previous.rate_date }, services.exchangeRates.band);
      if (refused) throw invalidField('rate', refused, 'rate_out_of_band');
      const outcome = await putExchangeRate(store.db, request, writingKeyOf(bearerToken(c), config.MERCHANT_SECRET), clock.now());
      if (outcome.kind === 'conflict') {
        const { stored } = outcome;
        throw new ProblemException(409, {
          type: problemTypes.conflict,
          title: 'Rate already set',
          detail: `The ${request.currency} rate of ${request.date} is already ${stored.rate}; send replace: true to correct it.`,
          errors: [{ path: 'rate', message: `Already ${stored.rate} for ${request.date}.`, code: 'rate_already_set' }],
        });
      }
      const changes = await changesOf(store.db, request.currency, [request.date]);
      return c.json(exchangeRateView(outcome.stored, changes.get(request.date) ?? []), outcome.kind === 'created' ? 201 : 200);
    })
    .get('/exchange-rates', describeRoute(exchangeRateDocs.listExchangeRates), async (c) => {
      const rates = await listExchangeRates(store.db, 'USD');
      const changes = await changesOf(store.db, 'USD', rates.map((rate) => rate.rate_date));
      return c.json({ items: rates.map((rate) => exchangeRateView(rate, changes.get(rate.rate_date) ?? [])) }, 200);
    });
}
