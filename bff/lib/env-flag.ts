// An on/off setting from the environment: `1`/`true` on, `0`/`false` (or unset) off; anything else
// stops the start with the variable named, like every other setting.
import { z } from 'zod';

export function envFlag() {
  return z.enum(['true', 'false', '1', '0']).default('false').transform((value) => value === 'true' || value === '1');
}
