// The bank's payment lookup, which banking-webhooks.md §6.1 rule 3 asks a receiver to use ("confirm
// final state with the payment lookup instead of trusting the webhook alone").
//
// DEVIATION, documented in README.md ("SINPE Móvil"): the lookup is "not shown" in the spec (§4.4:
// the payment create/list/get operations under /transactions/payments are not shown), so there is
// nothing to call. Until a real bank client fills this one function in, a delivery is taken as the
// bank's word: AES-256-GCM authenticates it (§5), and every decision it moves is re-read from
// the payment's row as accumulated from all its events (sinpe/matcher.ts), never from one event.

/** What a lookup of one payment would say; fields the bank did not give are undefined. */
export interface BankPaymentLookup {
  status: 'pending' | 'processing' | 'confirmed' | 'posted' | 'failed';
  amount?: string;
  currency?: string;
}

export type LookUpBankPayment = (paymentId: string) => Promise<BankPaymentLookup | undefined>;

/** Answers undefined ("no lookup available"); replace with the bank's GET of a payment once it is known. */
export const lookUpBankPayment: LookUpBankPayment = async () => undefined;
