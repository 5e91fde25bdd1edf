// planted as demo/src/planted.ts (rooms/room): the demo uses the widget from its build (dist/widget), like a merchant.
import { formatMoney } from '../../widget/i18n/localize.ts';
export const price = formatMoney('en', '1.00', 'USD');
