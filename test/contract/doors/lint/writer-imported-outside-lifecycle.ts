// planted as bff/sinpe/matcher.ts (rooms/writers): a status writer called outside the payment lifecycle is refused.
import { transitionOrder } from '../payments/orders/order-machine.ts';
export const move = transitionOrder;
