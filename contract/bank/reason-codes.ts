/**
 * Provider rejection reason codes (banking-webhooks.md §7) as data, and the rules of §6.5 that
 * turn a raw `reason_code` into a `rejection` object.
 */
export const rejectionCodes = [
  'ACCOUNT_CLOSED',
  'ACCOUNT_NOT_FOUND',
  'ACCOUNT_BLOCKED',
  'INVALID_ACCOUNT',
  'IDENT_MISMATCH',
  'IDENT_TYPE_INVALID',
  'INVALID_ID_FORMAT',
  'VALIDATION_ERROR',
  'CURRENCY_MISMATCH',
  'NOT_AUTHORIZED_BY_RECIPIENT',
  'PROFILE_NOT_ALLOWED',
  'CHANNEL_NOT_RECOGNIZED',
  'COMMUNICATION_ERROR',
  'RETRY_LATER',
  'WALLET_PHONE_ORIGIN_INVALID',
  'WALLET_PHONE_ORIGIN_NOT_ENABLED',
  'WALLET_PHONE_DEST_INVALID',
  'WALLET_PHONE_NOT_REGISTERED_BCCR',
  'WALLET_NOT_FOUND',
  'WALLET_PHONE_ALREADY_ACTIVE',
  'PHONE_NOT_REGISTERED',
  'SINPE_REJECTED',
] as const;
export type RejectionCode = (typeof rejectionCodes)[number];

/** §7 catalog: reason_code → English meaning. Entries 208 and 209 are "pending verification" in the spec. */
export const reasonCodeCatalog: Readonly<Record<string, string>> = {
  // Account, profile and limits
  '21': 'insufficient funds',
  '22': 'account takes no credits',
  '23': 'account closed',
  '24': 'account inactive',
  '25': 'account takes no debits',
  '26': 'not a funds account',
  '27': 'account currency mismatch',
  '28': 'account does not exist',
  '29': 'account not registered in the rail',
  '30': 'account not enabled for the service',
  '31': 'account blocked',
  '32': 'destination client id differs from entity record',
  '33': 'destination client name differs from entity record',
  '34': 'account being closed',
  '35': 'account seized',
  '36': 'judicial hold',
  '37': 'simplified-file account disallows the amount',
  '38': 'account transaction limit exceeded',
  '39': 'incorrect account',
  '40': 'invalid destination IBAN',
  '41': 'invalid origin IBAN',
  '42': 'account type disallows the transaction',
  '43': 'account does not belong to the stated entity',
  '44': 'account product disallows the service',
  '45': 'account in cancellation',
  '46': 'restricted by entity policy',
  '47': 'no immediate payments',
  '48': 'no mobile transfers',
  '49': 'destination holder deceased',
  '50': 'account consolidated or migrated',
  '51': 'origin identification mismatch',
  '52': 'invalid destination identification',
  '53': 'destination client not authorized to receive',
  '54': 'origin client not authorized to send',
  '55': 'origin client profile disallows',
  '56': 'amount below minimum',
  '57': 'amount above maximum',
  '58': 'daily count exceeded',
  '59': 'monthly count exceeded',
  '60': 'daily cumulative limit exceeded',
  '61': 'monthly cumulative limit exceeded',
  '62': 'fee could not be applied',
  '63': 'exchange rate unavailable',
  '64': 'anti-money-laundering rejection',
  '65': 'control-list rejection',
  '66': 'under compliance review',
  '67': 'required supporting document missing',
  '68': 'invalid signature or authentication',
  '69': 'invalid token or second factor',
  '70': 'user session expired',
  '71': 'user not authorized for channel',
  '72': 'device not registered',
  '73': 'geolocation not allowed',
  '74': 'operation unsupported in the currency',
  '75': 'operation unsupported for client type',
  '76': 'communication problems',
  '77': 'origin entity timeout',
  '78': 'rail timeout',
  '79': 'origin entity internal error',
  '80': 'destination entity internal error',
  '81': 'origin entity unavailable',
  '82': 'destination entity not found',
  '83': 'destination response problems',
  '84': 'origin response incorrect',
  '85': 'invalid electronic message format',
  '86': 'electronic standard version unsupported',
  '87': 'required field missing',
  '88': 'field value outside catalog',
  '89': 'message integrity check invalid',
  '90': 'duplicate rail reference',
  '91': 'currency mismatch',
  '92': 'not authorized by destination entity',
  '93': 'not authorized by destination client',
  '94': 'not authorized by origin entity',
  '95': 'not authorized by origin client',
  '96': 'reversal not allowed in this state',
  '97': 'reversal already applied',
  '98': 'confirmation not allowed in this state',
  '99': 'settlement not allowed in this state',
  '100': 'destination entity unavailable in real time',
  '101': 'origin entity unavailable in real time',
  '102': 'PIN service not enabled for destination entity',
  '103': 'PIN service not enabled for origin entity',
  '104': 'invalid destination entity code',
  '105': 'invalid origin entity code',
  '106': 'invalid destination entity country code',
  '107': 'invalid origin entity country code',
  '108': 'invalid internal reference number',
  '109': 'invalid rail reference number',
  '110': 'state does not allow a query',
  // Compensation with destination entity
  '201': 'destination entity response time exceeded',
  '202': 'destination response violates the electronic standard',
  '203': 'exception received from destination entity',
  '204': 'communication error with destination entity',
  '205': 'rail processing failed',
  '206': 'not authorized by destination client',
  '207': 'destination client profile cannot receive the payment',
  '208': 'crediting the destination account failed',
  '209': 'debiting the origin account failed',
  '210': 'reconciliation impossible',
  // Identification
  '801': 'invalid identification',
  '802': 'origin client identification not found',
  '803': 'destination client identification not found',
  '804': 'identification not current',
  '805': 'identification expired',
  '806': 'identification does not match the stated type',
  '807': 'invalid identification type',
  '808': 'identification country unsupported',
  '809': 'minor identification not allowed',
  '810': 'legal-entity identification not allowed for the service',
  // Format validation and core banking
  '1001': 'account active',
  '1002': 'destination client id format invalid for the rail',
  '1003': 'origin client id missing',
  '1004': 'origin client id format invalid for the rail',
  '1005': 'amount format invalid',
  '1006': 'currency format invalid',
  '1007': 'communication problems with core banking',
  '1008': 'core banking unavailable',
  '1009': 'value null or outside length bounds',
  '1010': 'value of wrong data type',
  '1011': 'value outside allowed catalog',
  '1012': 'date format invalid',
  '1013': 'time format invalid',
  '1014': 'reference number format invalid',
  '1015': 'IBAN format invalid',
  // Channel and identification type
  '1040': 'channel missing',
  '1041': 'channel invalid',
  '1042': 'channel mismatch',
  '1043': 'channel not enabled for the entity',
  '1044': 'channel not enabled for the service',
  '1045': 'identification format invalid',
  '1046': 'identification type missing',
  '1080': 'identification type does not match origin client',
  '1081': 'identification type does not match destination client',
  '1082': 'identification type not current',
  '1083': 'identification type unsupported by the service',
  '1084': 'identification type invalid',
  '1085': 'identification type unsupported by the entity',
  // Mobile transfer wallet
  '15300': 'origin phone number invalid',
  '15301': 'origin phone has no active wallet service',
  '15302': 'destination phone number invalid',
  '15303': 'destination phone not in the national mobile registry',
  '15304': 'wallet to deactivate does not exist',
  '15305': 'phone already active as a wallet in the local registry',};

/**
 * UNCERTAIN: which reason codes have their own rejection.code is "not shown" (§7). This is a
 * conservative mapping where the catalog meaning and the code name say the same thing; every
 * other numeric code stays SINPE_REJECTED, as §6.5 requires (21, insufficient funds, included).
 */
export const reasonCodeSemantics: Readonly<Record<string, RejectionCode>> = {
  '23': 'ACCOUNT_CLOSED',
  '28': 'ACCOUNT_NOT_FOUND',
  '31': 'ACCOUNT_BLOCKED',
  '39': 'INVALID_ACCOUNT',
  '40': 'INVALID_ACCOUNT',
  '27': 'CURRENCY_MISMATCH',
  '91': 'CURRENCY_MISMATCH',
  '32': 'IDENT_MISMATCH',
  '807': 'IDENT_TYPE_INVALID',
  '1045': 'INVALID_ID_FORMAT',
  '87': 'VALIDATION_ERROR',
  '93': 'NOT_AUTHORIZED_BY_RECIPIENT',
  '206': 'NOT_AUTHORIZED_BY_RECIPIENT',
  '207': 'PROFILE_NOT_ALLOWED',
  '1041': 'CHANNEL_NOT_RECOGNIZED',
  '76': 'COMMUNICATION_ERROR',
  '204': 'COMMUNICATION_ERROR',
  '78': 'RETRY_LATER',
  '15300': 'WALLET_PHONE_ORIGIN_INVALID',
  '15301': 'WALLET_PHONE_ORIGIN_NOT_ENABLED',
  '15302': 'WALLET_PHONE_DEST_INVALID',
  '15303': 'WALLET_PHONE_NOT_REGISTERED_BCCR',
  '15304': 'WALLET_NOT_FOUND',
  '15305': 'WALLET_PHONE_ALREADY_ACTIVE',
};

export const unlistedReasonMessage = 'payment rejected by the rail';
export const phoneNotRegisteredMessage = 'phone number not registered for mobile payments';

export interface Rejection {
  code: RejectionCode;
  reason_code: string;
  message: string;
}

/**
 * §6.5: non-numeric → PHONE_NOT_REGISTERED (mobile-wallet flow); numeric with its own semantic →
 * that code; any other numeric, listed or not → SINPE_REJECTED. The provider's detail text wins
 * over the catalog text when present.
 */
export function rejectionFor(reasonCode: string, providerDetail?: string): Rejection {
  const detail = providerDetail?.trim() ? providerDetail : undefined;
  if (!/^\d+$/.test(reasonCode)) {
    return { code: 'PHONE_NOT_REGISTERED', reason_code: reasonCode, message: detail ?? phoneNotRegisteredMessage };
  }
  return {
    code: reasonCodeSemantics[reasonCode] ?? 'SINPE_REJECTED',
    reason_code: reasonCode,
    message: detail ?? reasonCodeCatalog[reasonCode] ?? unlistedReasonMessage,
  };
}

export function isRejectionCode(code: string): code is RejectionCode {
  return (rejectionCodes as readonly string[]).includes(code);
}

/** A payment.failed's rejection as the BFF keeps it: what the bank sent, what it means to a shopper. */
export interface KeptRejection {
  /** The bank's rejection.code as written; ours from reason_code (rejectionFor) only when it sent none. */
  code: string;
  /** null when the bank sent none (or ""). */
  reason_code: string | null;
  shopperMessage: string;
}

/**
 * The bank's code is its word (gateway-facts.md): kept, even one §6.5 does not list. What the
 * shopper reads comes from a code we know; for one we do not, from the reason_code when the bank
 * sent one (its §6.5 meaning); with neither, the generic decline. An empty field is one not sent.
 */
export function keptRejection(sent: { code: string; reason_code: string; message: string }): KeptRejection {
  const reasonCode = sent.reason_code.trim() || null;
  const code = sent.code.trim() || (reasonCode === null ? 'SINPE_REJECTED' : rejectionFor(reasonCode).code);
  const shopperCode = shopperRejectionCode(code, reasonCode);
  return { code, reason_code: reasonCode, shopperMessage: shopperSafeMessage(isRejectionCode(shopperCode) ? shopperCode : 'SINPE_REJECTED') };
}

/**
 * The code whose meaning a shopper is told: the bank's when we know it; for one we do not, what
 * its reason code means (§6.5, rejectionFor) when it sent one; otherwise the unknown code itself,
 * which every reader takes as a plain refusal.
 */
export function shopperRejectionCode(code: string, reasonCode: string | null): string {
  if (isRejectionCode(code) || reasonCode === null) return code;
  return rejectionFor(reasonCode).code;
}

/**
 * Text a shopper may see: says what to do, never why the bank refused (no account state,
 * compliance or identity detail leaks to whoever holds the phone or the screen).
 */
export function shopperSafeMessage(code: RejectionCode): string {
  switch (code) {
    case 'COMMUNICATION_ERROR':
    case 'RETRY_LATER':
      return 'The bank could not be reached. Please try again in a few minutes.';
    case 'PHONE_NOT_REGISTERED':
    case 'WALLET_PHONE_ORIGIN_INVALID':
    case 'WALLET_PHONE_ORIGIN_NOT_ENABLED':
    case 'WALLET_PHONE_DEST_INVALID':
    case 'WALLET_PHONE_NOT_REGISTERED_BCCR':
    case 'WALLET_NOT_FOUND':
    case 'WALLET_PHONE_ALREADY_ACTIVE':
      return 'This phone number cannot be used for SINPE Móvil. Please check it or choose another payment method.';
    case 'CURRENCY_MISMATCH':
      return 'This account cannot take payments in this currency. Please use another account.';
    default:
      return 'The bank declined this payment. Please use another account or payment method.';
  }
}
