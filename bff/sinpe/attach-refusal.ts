// Why a bank payment cannot be attached to an order: a 409 whose code a back office words in its
// own language (contract/merchant-api.ts, merchantRefusalCodes); the detail says it in English.
import type { PlainRefusalCode } from '../../contract/merchant-api.ts';
import { notAllowed, type DomainError } from '../lib/domain-error.ts';

export function attachRefused(code: PlainRefusalCode, detail: string): DomainError {
  return notAllowed('Cannot attach', detail, { code });
}
