import { approvedCode } from '../../contract/gateway-facts.ts';
import type { SandboxClock } from '../clock.ts';
import type { SeededRandom } from '../seeded-random.ts';

/** Link type (gateway-api.md §3): 0 unlimited, 1 single use. */
export type LinkType = 0 | 1;

export interface LinkPayment {
  svcOrderId: number;
  orderNumber: string;
  amount: string;
  currency: string;
  code: string;
  description: string;
  auth: string;
  creditCardBrand: string;
  last4CreditCardNumber: string;
  date: Date;
}

export interface LinkDelivery {
  url: string;
  orderNumber: string;
  at: Date;
  /** HTTP status of the receiver, or the error when it could not be reached. */
  status?: number;
  error?: string;
}

export interface PaymentLink {
  id: number;
  /** Unguessable part of the buyer page URL. */
  token: string;
  amount: string;
  currency: string;
  reference: string;
  type: LinkType;
  description: string;
  client: string;
  callbackUrl: string | null;
  webhookUrl: string | null;
  createdAt: Date;
  deleted: boolean;
  payments: LinkPayment[];
  deliveries: LinkDelivery[];
}

export class LinkBook {
  private readonly links: PaymentLink[] = [];
  private nextId: number;

  constructor(
    private readonly clock: SandboxClock,
    private readonly random: SeededRandom,
  ) {
    this.nextId = random.intBetween(1_000, 8_999);
  }

  create(fields: Omit<PaymentLink, 'id' | 'token' | 'createdAt' | 'deleted' | 'payments' | 'deliveries'>): PaymentLink {
    const link: PaymentLink = { ...fields, id: this.nextId++, token: this.random.hex(32), createdAt: this.clock.now(), deleted: false, payments: [], deliveries: [] };
    this.links.push(link);
    return link;
  }

  byId(id: number): PaymentLink | undefined {
    return this.links.find((link) => link.id === id && !link.deleted);
  }

  byToken(token: string): PaymentLink | undefined {
    return this.links.find((link) => link.token === token);
  }

  active(): PaymentLink[] {
    return this.links.filter((link) => !link.deleted);
  }
}

export function timesUsed(link: PaymentLink): number {
  return link.payments.filter((payment) => payment.code === approvedCode).length;
}

/** A single-use link closes after its first approved payment; a declined try leaves it open. */
export function isClosed(link: PaymentLink): boolean {
  return link.deleted || (link.type === 1 && timesUsed(link) > 0);
}
