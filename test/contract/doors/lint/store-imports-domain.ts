// planted as bff/store/planted.ts (rooms/store): the query layer imports only contract/, lib/ and itself.
import { transitionOrder } from '../payments/orders/order-machine.ts';
export const move = transitionOrder;
