// What the amounts a client holds are counted by: its limit key (bff/http/client-ip.ts, an IPv6
// customer line by its /64), as a keyed hash, so the store never keeps a buyer's address.
import { createHmac } from 'node:crypto';

export function clientHoldKey(addressKey: string, secret: string): string {
  return createHmac('sha256', secret).update(`sinpe-amount-holder:${addressKey}`).digest('base64url').slice(0, 22);
}
