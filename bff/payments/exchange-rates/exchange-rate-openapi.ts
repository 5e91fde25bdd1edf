// The exchange-rate routes in /v1/openapi.json; each route hands its entry to describeRoute() where
// it is registered (exchange-rate-routes.ts), and its body schema comes from its validate().
import { exchangeRate, exchangeRateList } from '../../../contract/exchange-rates.ts';
import type { RouteDoc } from '../../http/openapi/route-doc.ts';

const unauthorized = { description: 'Missing or wrong merchant secret.', headers: { 'WWW-Authenticate': 'Bearer challenge' } };

export const exchangeRateDocs = {
  setExchangeRate: {
    operationId: 'setExchangeRate',
    summary: "Set a day's BCCR reference sell rate",
    description:
      "Sets a day's BCCR reference sell rate for dollar prices (colones per dollar): a USD order's answers then carry `localAmount`, and SINPE Móvil takes it in colones. " +
      'The same day and rate again is a repeat (200, the stored one); another rate for a day already set is refused (409) unless `replace` is true: a correction (200), ' +
      'recorded in the day\'s `changes` with the merchant key and time. Sessions already shown keep the colón amount they showed. ' +
      'A rate more than `EXCHANGE_RATE_DAY_BAND_PERCENT` (15) % from the previous stored day\'s, or a first rate outside `EXCHANGE_RATE_FIRST_MIN_CRC`–`EXCHANGE_RATE_FIRST_MAX_CRC` (300–1000), is refused (400, code `rate_out_of_band`).',
    tags: ['merchant'],
    security: 'merchant',
    responses: {
      201: { description: 'Stored.', schema: exchangeRate },
      200: { description: 'That day was already set to this rate (the stored one), or `replace` corrected it.', schema: exchangeRate },
      400: { description: 'Invalid request: `errors[]` names each field; `rate` with code `rate_out_of_band` when the rate is outside its sanity band.' },
      401: unauthorized,
      409: { description: 'That day is already set to another rate and `replace` is not true (`errors[]` names `rate`, code `rate_already_set`).' },
    },
  },
  listExchangeRates: {
    operationId: 'listExchangeRates',
    summary: 'List the exchange rates set',
    description: 'The exchange rates the merchant set, newest day first (at most a year of them), each with its `changes`: the first setting and every correction, with the key and time.',
    tags: ['merchant'],
    security: 'merchant',
    responses: { 200: { description: 'The rates.', schema: exchangeRateList }, 401: unauthorized },
  },
} satisfies Record<string, RouteDoc>;
