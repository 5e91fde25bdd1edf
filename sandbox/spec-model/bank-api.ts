import fc from 'fast-check';
import { asIs, fieldsAsWritten, optional } from './field-rules.ts';

/**
 * The bank's REST answers (banking-webhooks.md §2.1, §2.2, §2.5, §4.1-§4.3): `response_code`,
 * `correlation_id` and the payload. §4.4: "the key holding the payload inside the response
 * envelope: not shown", so the payload sits at the top level or under one of the usual keys.
 */
export const bankPayloadKeys = ['data', 'result', 'payload', 'body'] as const;

/** §2.1: the destination fields not "required in result". */
const optionalDestinationFields = [
  'created_at',
  'updated_at',
  'destination_ref',
  'max_attempts',
  'timeout_ms',
  'scope_account_id',
  'scope_owner_id',
  'scope_owner_type',
  'secret_ref',
  'webhook_url',
];

const payloadRules = Object.fromEntries(optionalDestinationFields.map((name) => [name, optional]));

/**
 * One answer carrying `payload` (a destination, `{items}` of features, or an event contract),
 * with §2.5's envelope; `correlationId` is the echoed X-Correlation-Id (§4), drawn when not given.
 */
export function bankApiAnswerAsWritten(payload: Record<string, unknown>, responseCode: 'OK' | 'CREATED', correlationId?: string): fc.Arbitrary<Record<string, unknown>> {
  const writtenPayload = fieldsAsWritten(payload, payloadRules, asIs);
  const envelope = fc.record({ response_code: fc.constant(responseCode), correlation_id: correlationId === undefined ? fc.uuid({ version: 4 }) : fc.constant(correlationId) });
  return fc.tuple(envelope, writtenPayload, fc.constantFrom<string | undefined>(undefined, ...bankPayloadKeys)).map(([head, body, key]) =>
    key === undefined ? { ...body, ...head } : { ...head, [key]: body },
  );
}
