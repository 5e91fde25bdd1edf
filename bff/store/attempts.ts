// Reading payment attempts, and the order columns a starting attempt clears. Their status is
// written by its one writer only (bff/payments/attempt-machine.ts).
import type { Kysely } from 'kysely';
import type { Database, OrderUpdate, PaymentAttemptRow } from './schema.ts';
import { ownOrderNumberEndings } from '../../contract/gateway-facts.ts';

type Db = Kysely<Database>;

/**
 * The order's columns that describe its current attempt, for attempt `number` starting: the
 * previous attempt's page, gateway answer and bank refusal are cleared; the buyer's contact is this
 * attempt's, and so is the card charge (none for a transfer). Card claims and SINPE Móvil transfers
 * both start from here.
 */
export function startingAttemptFields(
  number: number,
  gatewayOrderNumber: string,
  buyer: { email: string; locale: string | null },
  charge: { amount: string; currency: string; rate: string | null } | null = null,
): OrderUpdate {
  return {
    attempt_number: number,
    gateway_order_number: gatewayOrderNumber,
    gateway_tpt: null,
    gateway_auth: null,
    gateway_code: null,
    status_message: null,
    bank_failure_code: null,
    email: buyer.email,
    locale: buyer.locale,
    charged_amount: charge?.amount ?? null,
    charged_currency: charge?.currency ?? null,
    charged_rate: charge?.rate ?? null,
  };
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
