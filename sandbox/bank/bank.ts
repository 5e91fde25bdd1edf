import { bankEventTypes, type BankEventType, type PaymentMethodCode } from '../../contract/bank/event-types.ts';
import type { SandboxClock } from '../clock.ts';
import type { SeededRandom } from '../seeded-random.ts';
import type { SandboxSettings } from '../state.ts';
import type { AnswerVariants } from '../variants/answer-variants.ts';


export interface BankFeature {
  id: string;
  country_code: string;
  payment_method_code: PaymentMethodCode;
  event_types: BankEventType[];
}

/**
 * The features a tenant can subscribe to: one per payment method of the public catalog
 * (banking-webhooks.md §1), each able to emit all four events. Fixed ids, so a README
 * and a script can name them.
 */
export const bankFeatures: readonly BankFeature[] = [
  { id: '5b0f3a52-8c1e-4d7a-9f3b-2a6c1e9d0001', country_code: 'CR', payment_method_code: 'SINPE_MOVIL', event_types: [...bankEventTypes] },
  { id: '5b0f3a52-8c1e-4d7a-9f3b-2a6c1e9d0002', country_code: 'CR', payment_method_code: 'PIN', event_types: [...bankEventTypes] },
];

/** A stored destination (banking-webhooks.md §2.1), secret included; the API never echoes secret_ref. */
export interface Destination {
  id: string;
  feature_id: string;
  destination_kind: string;
  is_enabled: boolean;
  replay_window_sec: number;
  scope_kind: string;
  signature_algo: 'AES_GCM';
  created_at: string;
  updated_at: string;
  destination_ref?: string;
  max_attempts?: number;
  timeout_ms?: number;
  scope_account_id?: string;
  scope_owner_id?: string;
  scope_owner_type?: string;
  webhook_url: string;
  secret_ref: string;
  backoff_policy?: unknown;
}

/** A payment the bank side has told about, so a later event (reversal) can refer to it. */
export interface BankPayment {
  payment_id: string;
  public_id: number;
  payment_method_code: PaymentMethodCode;
  direction: 'PAYIN' | 'PAYOUT';
  amount: string;
  currency: string;
  client_reference: string;
  external_reference: string;
  status: 'pending' | 'processing' | 'confirmed' | 'posted' | 'failed';
  /** The sender's name as payin.posted writes it (origin_client_name). */
  payer_name: string;
  /** What payment.succeeded said it cost and left (§6.4), when it was sent: the sandbox's own ledger. */
  succeeded?: { fee_total: string; tax_total: string; net_amount: string; at: Date };
  /** When payment.reversed was sent. */
  reversed_at?: Date;
}

export class Bank {
  readonly destinations: Destination[] = [];
  readonly payments = new Map<string, BankPayment>();
  private nextPublicId: number;

  constructor(
    readonly clock: SandboxClock,
    readonly random: SeededRandom,
    readonly settings: Pick<SandboxSettings, 'fetch'>,
    /** The variance mode: deliveries are written the way a Java bank may write them. */
    readonly variants: AnswerVariants,
  ) {
    this.nextPublicId = random.intBetween(10_000_000, 89_999_999);
  }

  publicId(): number {
    return this.nextPublicId++;
  }
}
