// The order number consult wrote for a link payment when it is not the one the report gave (the real
// service writes a merchant prefix in front of it): order_number stays the one the merchant reads
// everywhere else, this keeps the gateway's own for reconciling at the gateway.
import type { Kysely, Migration } from 'kysely';

export const linkPaymentGatewayOrderNumber: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('link_payments').addColumn('gateway_order_number', 'text').execute();
  },
};
