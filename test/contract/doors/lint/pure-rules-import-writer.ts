// planted as bff/payments/orders/order-rules.ts (rooms/pure-rules): the order's rules are pure; a writer imported at run time is refused.
import { recordOutcome } from './record-outcome.ts';
export const record = recordOutcome;
