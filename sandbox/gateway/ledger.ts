import { fromMinorUnits, toMinorUnits } from '../../contract/money.ts';
import type { SandboxClock } from '../clock.ts';
import type { SeededRandom } from '../seeded-random.ts';

/** 'pending': paid by SINPE Móvil on the hosted page, the bank settles it later (code=Pending). */
export type PaymentStatus = 'created' | 'approved' | 'declined' | 'cancelled' | 'pending';
export type ModificationKind = 'capture' | 'refund' | 'reversal';

export interface CardOnRecord {
  bin: string;
  last4: string;
  brand: string;
}

export interface PaymentOutcome {
  code: string;
  description: string;
  auth: string;
  /** Card token for the redirect's `crd`; empty unless the buyer had to save the card. */
  cardToken: string;
}

export interface Modification {
  transactionId: number;
  kind: ModificationKind;
  amount: string;
  at: Date;
}

/** One gateway order (one `tpt`): a hosted-page transaction, a link payment or a split part. */
export interface GatewayOrder {
  tpt: number;
  /** Unguessable part of the hosted page URL. */
  pageToken: string;
  orderNumber: string;
  amount: string;
  currency: string;
  email: string;
  captureRequested: boolean;
  redirect: string;
  returnData: string | undefined;
  subscription: boolean;
  source: 'hosted' | 'link' | 'split';
  linkId?: number;
  /** Where processPayment said the buyer lives (hosted pages only), as the gateway received it. */
  billTo?: GatewayBillTo;
  createdAt: Date;
  status: PaymentStatus;
  outcome?: PaymentOutcome;
  card?: CardOnRecord;
  settledAt?: Date;
  authorizedMinor: bigint;
  capturedMinor: bigint;
  refundedMinor: bigint;
  reversed: boolean;
  splitDone: boolean;
  modifications: Modification[];
}

export interface GatewayBillTo {
  city: string;
  state: string;
  country: string;
  zipPostCode: string;
}

/** Everything the gateway side remembers about orders and their transactions. */
export class Ledger {
  private readonly orders: GatewayOrder[] = [];
  // Looked up on every consult, page view and modification: by key, not by a walk of the whole ledger
  // (a long property run holds thousands of orders).
  private readonly tptIndex = new Map<number, GatewayOrder>();
  private readonly pageTokenIndex = new Map<string, GatewayOrder>();
  private readonly orderNumberIndex = new Map<string, GatewayOrder[]>();
  private nextTpt: number;
  private nextTransactionId: number;

  constructor(
    private readonly clock: SandboxClock,
    private readonly random: SeededRandom,
  ) {
    // Seeded starting points so ids look like a live gateway's and differ between seeds.
    this.nextTpt = random.intBetween(100_000, 899_999);
    this.nextTransactionId = random.intBetween(1_000_000, 8_999_999);
  }

  create(fields: Pick<GatewayOrder, 'orderNumber' | 'amount' | 'currency' | 'email' | 'captureRequested' | 'redirect' | 'returnData' | 'subscription' | 'source'> & { linkId?: number; billTo?: GatewayBillTo }): GatewayOrder {
    const order: GatewayOrder = {
      ...fields,
      tpt: this.nextTpt++,
      pageToken: this.random.hex(32),
      createdAt: this.clock.now(),
      status: 'created',
      authorizedMinor: 0n,
      capturedMinor: 0n,
      refundedMinor: 0n,
      reversed: false,
      splitDone: false,
      modifications: [],
    };
    this.orders.push(order);
    this.tptIndex.set(order.tpt, order);
    this.pageTokenIndex.set(order.pageToken, order);
    const sameNumber = this.orderNumberIndex.get(order.orderNumber);
    if (sameNumber) sameNumber.push(order);
    else this.orderNumberIndex.set(order.orderNumber, [order]);
    return order;
  }

  byTpt(tpt: number): GatewayOrder | undefined {
    return this.tptIndex.get(tpt);
  }

  byPageToken(token: string): GatewayOrder | undefined {
    return this.pageTokenIndex.get(token);
  }

  byOrderNumber(orderNumber: string): GatewayOrder[] {
    return [...(this.orderNumberIndex.get(orderNumber) ?? [])];
  }

  /** The order a modification or split acts on: the latest approved attempt of that number. */
  approvedByOrderNumber(orderNumber: string): GatewayOrder | undefined {
    return this.byOrderNumber(orderNumber).filter((o) => o.status === 'approved').at(-1);
  }

  all(): readonly GatewayOrder[] {
    return this.orders;
  }

  /** Settles a created order once. Returns false when it was already settled (no second charge). */
  settle(order: GatewayOrder, status: Exclude<PaymentStatus, 'created'>, outcome: PaymentOutcome, card: CardOnRecord | undefined): boolean {
    if (order.status !== 'created') return false;
    order.status = status;
    order.outcome = outcome;
    if (card) order.card = card;
    order.settledAt = this.clock.now();
    if (status === 'approved') {
      order.authorizedMinor = toMinorUnits(order.amount, order.currency);
      if (order.captureRequested) order.capturedMinor = order.authorizedMinor;
    }
    return true;
  }

  addModification(order: GatewayOrder, kind: ModificationKind, minor: bigint): Modification {
    const modification = { transactionId: this.nextTransactionId++, kind, amount: fromMinorUnits(minor, order.currency), at: this.clock.now() };
    order.modifications.push(modification);
    return modification;
  }

  authNumber(): string {
    return this.random.digits(6);
  }

  cardToken(): string {
    return `tok_${this.random.hex(24)}`;
  }
}
