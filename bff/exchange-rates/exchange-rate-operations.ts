// The exchange-rate routes in /v1/openapi.json; each route hands its entry to describeRoute() where
// it is registered (exchange-rate-routes.ts), and its body schema comes from its validate().
import { exchangeRate, exchangeRateList } from '../../contract/exchange-rates.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';

const unauthorized = { description: 'Missing or wrong merchant secret.', headers: { 'WWW-Authenticate': 'Bearer challenge' } };

export const exchangeRateDocs = {
  setExchangeRate: {
    operationId: 'setExchangeRate',
    summary: "Set a day's BCCR reference sell rate",
    description:
      "Sets a day's BCCR reference sell rate for dollar prices (colones per dollar): a USD order's answers then carry `localAmount`, and SINPE Móvil takes it in colones. " +
      'The same day and rate again is a repeat (200, the stored one); another rate for a day already set is refused (409).',
    tags: ['merchant'],
    security: 'merchant',
    responses: {
      201: { description: 'Stored.', schema: exchangeRate },
      200: { description: 'That day was already set to this rate: the stored one.', schema: exchangeRate },
      400: { description: 'Invalid request: `errors[]` names each field.' },
      401: unauthorized,
      409: { description: 'That day is already set to another rate (`errors[]` names `rate`).' },
    },
  },
  listExchangeRates: {
    operationId: 'listExchangeRates',
    summary: 'List the exchange rates set',
    description: 'The exchange rates the merchant set, newest day first (at most a year of them).',
    tags: ['merchant'],
    security: 'merchant',
    responses: { 200: { description: 'The rates.', schema: exchangeRateList }, 401: unauthorized },
  },
} satisfies Record<string, RouteDoc>;
