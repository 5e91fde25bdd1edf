// GET /v1/session's `sinpeMovil`: whether the widget may offer the method, and the open transfer
// (so a reloaded page shows the same phone, amount, reference and countdown instead of a new one).
import type { SessionSinpeMovil } from '../../contract/sinpe-movil.ts';
import type { Store } from '../store/database.ts';
import type { OrderWithAttempt } from '../store/schema.ts';
import type { Config } from '../config.ts';
import type { LocalAmount } from '../../contract/local-amount.ts';
import { instructionsOf, openTransferOf, sinpeAvailable } from './transfer-attempts.ts';

/** `local`: a dollar order's colón amount at a fresh rate (a dollar order without one is not offered the method). */
export async function sinpeSessionFields(
  store: Store,
  order: OrderWithAttempt,
  config: Config,
  signStatus: (orderNumber: string) => Promise<string>,
  local?: LocalAmount,
): Promise<{ sinpeMovil?: SessionSinpeMovil }> {
  const phone = config.SINPE_MOVIL_PHONE;
  if (phone === undefined || !sinpeAvailable(order, { phone }, local)) return {};
  const open = await openTransferOf(store, order);
  return {
    sinpeMovil: {
      ...(open && { transfer: instructionsOf(order, open, phone), statusToken: await signStatus(order.order_number) }),
      ...(config.SINPE_MOVIL_ASK_ADDRESS && { askAddress: true as const }),
    },
  };
}
