// planted as contract/planted.ts (no-restricted-imports): contract/ runs anywhere, so no Node module.
import { randomBytes } from 'node:crypto';
export const nonce = randomBytes(12);
