// Reading payment attempts, and the order columns a starting attempt sets. Their status is
// written by its one writer only (bff/payments/attempt-machine.ts).
import type { Kysely } from 'kysely';
import type { Database, OrderUpdate, PaymentAttemptRow } from './schema.ts';
import { ownOrderNumberEndings } from '../../contract/gateway-facts.ts';

type Db = Kysely<Database>;

/**
 * The order's columns for attempt `number` starting: it becomes the current attempt (its own row
 * starts with no gateway answer, message or refusal: attempt-machine.ts), and the buyer's contact and
 * language are the ones given for it. Card claims and SINPE Móvil transfers both start from here.
 */
export function startingAttemptFields(number: number, buyer: { email: string; locale: string | null }): OrderUpdate {
  return { attempt_number: number, email: buyer.email, locale: buyer.locale };
}

export function findAttemptByReturnRef(db: Db, returnRef: string): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('return_ref', '=', returnRef).executeTakeFirst();
}

/**
 * The attempt a gateway order number names: the attempt that stored it, or, for a value the gateway
 * wrote behind its merchant prefix, the attempt whose number is its longest ending at a dash
 * (contract/gateway-facts.ts ownOrderNumberEndings). Each candidate is an exact, indexed lookup.
 */
export async function findAttemptByGatewayOrderNumber(db: Db, gatewayOrderNumber: string): Promise<PaymentAttemptRow | undefined> {
  const endings = ownOrderNumberEndings(gatewayOrderNumber);
  const found = await db.selectFrom('payment_attempts').selectAll().where('gateway_order_number', 'in', endings).execute();
  return endings.map((ending) => found.find((attempt) => attempt.gateway_order_number === ending)).find((attempt) => attempt !== undefined);
}

export function findAttempt(db: Db, orderNumber: string, number: number): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('order_number', '=', orderNumber).where('number', '=', number).executeTakeFirst();
}

export function attemptsOf(db: Db, orderNumber: string): Promise<PaymentAttemptRow[]> {
  return db.selectFrom('payment_attempts').selectAll().where('order_number', '=', orderNumber).orderBy('number').execute();
}
