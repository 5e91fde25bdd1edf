import { z } from 'zod';
import { DeliveryRejected, type DeliveryCodec } from './codec.ts';
import { parseJsonExact } from '../exact-json.ts';
import { towardsSchema } from '../tolerant-reader.ts';
import {
  bankEvent,
  payinPostedEvent,
  paymentFailedEvent,
  paymentReversedEvent,
  paymentSucceededEvent,
  type BankEvent,
} from './events.ts';

const eventSchemas: Readonly<Record<string, z.ZodType<BankEvent>>> = {
  'payin.posted': payinPostedEvent,
  'payment.succeeded': paymentSucceededEvent,
  'payment.failed': paymentFailedEvent,
  'payment.reversed': paymentReversedEvent,
};

function eventSchemaOf(json: unknown): z.ZodType<BankEvent> {
  const type = (json as { event?: { event_type?: unknown } } | null)?.event?.event_type;
  return (typeof type === 'string' && Object.hasOwn(eventSchemas, type) ? eventSchemas[type] : undefined) ?? bankEvent;
}

/** banking-webhooks.md §6.1: the HTTP body of a delivery. */
export const deliveryBody = z.object({ data: z.string() });
export type DeliveryBody = z.infer<typeof deliveryBody>;

/** What an authentic delivery's JSON reads as: the event, or why our contract cannot read it. */
export type BankEventReading = { ok: true; event: BankEvent } | { ok: false; error: z.ZodError };

/**
 * The bank is an upstream: read tolerantly (numbers as strings, null or "" where a field may be
 * absent, extra fields), strictly judged after, against the one event contract its event_type
 * names (the union only when it names none we know).
 */
export function readBankEvent(json: unknown): BankEventReading {
  const schema = eventSchemaOf(json);
  const parsed = schema.safeParse(towardsSchema(schema, json, { emptyTextIsAbsent: true }));
  return parsed.success ? { ok: true, event: parsed.data } : { ok: false, error: parsed.error };
}

/**
 * Authenticate first, parse after: decrypt `data`, read JSON, then validate against the event
 * contract. Every failure is a DeliveryRejected whose reason names the failed step.
 */
export async function openDeliveryWith(codec: Pick<DeliveryCodec, 'decryptDelivery'>, data: string, secretRef: string): Promise<BankEvent> {
  const plaintext = await codec.decryptDelivery(data, secretRef);
  let json: unknown;
  try {
    json = parseJsonExact(plaintext);
  } catch (cause) {
    throw new DeliveryRejected('not_json', { cause });
  }
  const reading = readBankEvent(json);
  if (!reading.ok) throw new DeliveryRejected('schema', { cause: reading.error });
  return reading.event;
}

/** One failed check of a reading: the field's dotted path (never its value) and zod's message. */
export interface ReadingIssue {
  path: string;
  message: string;
}

interface SchemaIssue {
  path: PropertyKey[];
  message?: string;
  code?: string;
  errors?: SchemaIssue[][];
}

/** The issues of a failed reading; in the union of the four events, the closest branch's. At most 20. */
export function readingIssues(cause: unknown): ReadingIssue[] {
  const issues = (cause as { issues?: SchemaIssue[] } | undefined)?.issues ?? [];
  return issuesOf(issues, []).slice(0, 20);
}

function issuesOf(issues: readonly SchemaIssue[], prefix: PropertyKey[]): ReadingIssue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors?.length) {
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      return issuesOf(closest, path);
    }
    return [{ path: path.map(String).join('.'), message: issue.message ?? issue.code ?? 'invalid' }];
  });
}
