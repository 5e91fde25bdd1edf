// Opens a bank delivery with any of the configured secrets (key rotation: BANK_SECRET_REF may list
// the current and the previous secret, comma-separated). The contract's openDelivery decrypts,
// parses and validates; only a failed authentication moves on to the next secret.
import { deliveryBody } from '../../contract/bank/delivery.ts';
import { DeliveryRejected } from '../../contract/bank/codec.ts';
import type { BankEvent } from '../../contract/bank/events.ts';
import { openDelivery } from '../../node/bank-delivery-codec.ts';

/** Why a delivery was refused: the codec's reasons, plus a body that is not `{data: string}`. */
export type RejectionReason = DeliveryRejected['reason'] | 'malformed_body';

export class BankDeliveryRejected extends Error {
  override name = 'BankDeliveryRejected';
  constructor(
    readonly reason: RejectionReason,
    /** Schema failures only: the failing field paths (never their values). */
    readonly fieldPaths: string[] = [],
  ) {
    super(`bank delivery rejected: ${reason}`);
  }
}

/** The secrets to try, current first; empty entries are ignored. */
export function secretRefsOf(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export async function openBankDelivery(rawBody: string, secretRefs: readonly string[]): Promise<BankEvent> {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new BankDeliveryRejected('malformed_body');
  }
  const body = deliveryBody.safeParse(json);
  if (!body.success) throw new BankDeliveryRejected('malformed_body');
  if (secretRefs.length === 0) throw new BankDeliveryRejected('auth_failed');
  let lastRejection: DeliveryRejected | undefined;
  for (const secretRef of secretRefs) {
    try {
      return await openDelivery(body.data.data, secretRef);
    } catch (error) {
      if (!(error instanceof DeliveryRejected)) throw error;
      lastRejection = error;
      if (error.reason !== 'auth_failed') break;
    }
  }
  const reason = lastRejection?.reason ?? 'auth_failed';
  throw new BankDeliveryRejected(reason, reason === 'schema' ? schemaPaths(lastRejection?.cause) : []);
}

interface SchemaIssue {
  path: PropertyKey[];
  code?: string;
  errors?: SchemaIssue[][];
}

/** Field paths of a schema failure; in the union of the four events, the closest branch's. */
function schemaPaths(cause: unknown): string[] {
  const issues = (cause as { issues?: SchemaIssue[] } | undefined)?.issues ?? [];
  return [...new Set(pathsOf(issues, []))].slice(0, 20);
}

function pathsOf(issues: readonly SchemaIssue[], prefix: PropertyKey[]): string[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors?.length) {
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      return pathsOf(closest, path);
    }
    return [path.map(String).join('.')];
  });
}
