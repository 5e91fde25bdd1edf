import type { OutcomeWordKey, Translation } from '../translation.ts';

/**
 * English's words for an outcome (the result panel and the status after a payment): a part of their
 * own (chunks/en-outcome-<hash>.js, imported by lazy/order-watch.ts), which order-watch asks for before an outcome shows only when the page's
 * translation has no outcome words (an English page, or a language that did not load), and adds to
 * English (localize.ts addEnglishOutcomeWords). The other languages are lazy anyway and keep theirs.
 */
export const enOutcome: Pick<Translation, OutcomeWordKey> = {
  approved: (amount) => `Payment approved: ${amount}. Thank you!`,
  declined: 'Your payment was declined. No money was taken.',
  cancelled: 'You cancelled the payment. No money was taken.',
  tryAnotherCard: 'You can try again with another card.',
  newCheckoutForAnotherCard: 'To try another card, start the checkout again from the shop.',
  review: 'Your payment is being reviewed. The store will contact you when it is confirmed.',
  orderNumber: (orderNumber) => `Order ${orderNumber}`,
  resultTitle: {
    approved: 'Payment approved',
    declined: 'Payment declined',
    lapsed: 'We did not receive the transfer in time',
    cancelled: 'Payment cancelled',
    review: 'Payment under review',
    error: 'Payment not completed',
    expired: 'Checkout expired',
  },
  approvedNext: 'Keep your order number. The shop will confirm your order.',
  amount: 'Amount',
  paidWith: (brand, last4) => `Paid with ${brand} ending in ${last4}`,
  retryReady: 'Check your details and pay again.',
};
