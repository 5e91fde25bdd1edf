// The merchant's window on the bank's webhook API (ARCHITECTURE.md: /v1/merchant/banking/*). Bodies
// and answers are the bank's own (contract/bank); only the features query is ours: the merchant may
// filter by country and method, never by tenant (the bank's token decides that).
import { z } from 'zod';

export const merchantBankFeaturesQuery = z.strictObject({
  country_code: z.string().regex(/^[A-Za-z]{2}$/, 'expected an ISO 3166-1 alpha-2 code').optional(),
  payment_method_code: z.enum(['PIN', 'SINPE_MOVIL']).optional(),
  webhook_enabled: z.enum(['true', 'false']).optional(),
});
export type MerchantBankFeaturesQuery = z.infer<typeof merchantBankFeaturesQuery>;
