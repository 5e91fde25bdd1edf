import type { AddressIssueCode } from '../../contract/address-rules.ts';
import type { SinpeChoiceWords, TerritoryWords, WordsLayer } from './feature-words.ts';

/** Stable codes for a field problem: the contract's issue codes plus the widget's own. */
export type FieldErrorCode = AddressIssueCode | 'invalid';

export type AddressFieldName =
  | 'firstName'
  | 'lastName'
  | 'address'
  | 'address2'
  | 'city'
  | 'state'
  | 'zip'
  | 'country'
  | 'telephone'
  | 'email';

/**
 * Every piece of text the element shows, for one locale. Functions take what varies
 * (an amount already formatted by Intl.NumberFormat, a count) so word order stays the translator's.
 */
export interface Translation {
  /** The BCP 47 tag these strings are written in (used for `lang` inside the shadow root). */
  lang: string;
  form: string;
  billing: string;
  shipping: string;
  sameAsBilling: string;
  fields: Record<AddressFieldName, string>;
  optional: string;
  chooseCountry: string;
  /** The state list's empty choice: short, because the select may be narrow on a phone (its label names it). */
  chooseState: string;
  loadingStates: string;
  errors: Record<FieldErrorCode, string>;
  fixErrors: (count: number) => string;
  /** A wrong postal code's message where the country's format is known: its digits (undefined: not a number) and a real example. */
  invalidZipFormat: (example: string, digits: number | undefined) => string;
  /** Around the suggested address of "did you mean …?" under an e-mail field (widget/address/email-suggestion-hint.ts), a button the shopper may press. */
  didYouMean: readonly [before: string, after: string];
  total: string;
  /** The pay button, with the order's amount formatted for the page (a card and SINPE Móvil alike). */
  pay: (amount: string) => string;
  retry: string;
  loading: string;
  submitting: string;
  redirecting: string;
  popupOpen: string;
  popupBlocked: string;
  popupClosed: string;
  returned: string;
  polling: string;
  approved: (amount: string) => string;
  declined: string;
  /** The buyer pressed Cancel on the hosted page. */
  cancelled: string;
  /** Follows a decline or a cancel when the element offers a retry. */
  tryAnotherCard: string;
  /** Follows a decline when no retry is possible (attempts used up, session over). */
  newCheckoutForAnotherCard: string;
  review: string;
  error: string;
  offline: string;
  /** A part of the checkout did not load (svc-error asset-load): nothing was attempted. */
  assetLoad: string;
  expired: string;
  orderNumber: (orderNumber: string) => string;
  /** The result panel's heading per outcome. */
  resultTitle: Record<'approved' | 'declined' | 'lapsed' | 'cancelled' | 'review' | 'error' | 'expired', string>;
  /** The result panel's "what happens next" after an approval. */
  approvedNext: string;
  amount: string;
  /** The paying card as the gateway reported it. */
  paidWith: (brand: string, last4: string) => string;
  /** Said when "Try again" brings the form back: the details are kept, the next step is to pay. */
  retryReady: string;
  /** The page's origin is not allowed by the payment service (a set-up problem of the shop). */
  originNotAllowed: string;
  /** An empty required field's own message ("Enter your e-mail address."), not one for every field. */
  requiredField: Record<AddressFieldName, string>;
  /** An empty required list that stands for a field in a country's own address (Costa Rica's cantón), by its label. */
  requiredChoice: (label: string) => string;
  /**
   * The words of the parts a Costa Rican card purchase opens (feature-words.ts): English's ride with
   * their feature, so English has none here; every other language's ride in its translation.
   */
  sinpeChoice?: WordsLayer<SinpeChoiceWords>;
  territory?: WordsLayer<TerritoryWords>;
}

/** A language's whole translation (es, pt-BR): every word, its features' sections included. */
export type CompleteTranslation = Translation & { sinpeChoice: SinpeChoiceWords; territory: TerritoryWords };

/**
 * English words said only once the checkout's rules are here (the flow's statuses, the field
 * messages): they ride in checkout-rules.js (i18n/en/en-flow.ts), not in the first script.
 */
export type FlowWordKey =
  | 'submitting'
  | 'redirecting'
  | 'popupOpen'
  | 'popupBlocked'
  | 'popupClosed'
  | 'returned'
  | 'polling'
  | 'error'
  | 'offline'
  | 'originNotAllowed'
  | 'expired'
  | 'fixErrors'
  | 'requiredField'
  | 'requiredChoice';

/** The words shown only with an outcome (lazy for English, see i18n/en/en-outcome.ts). */
export type OutcomeWordKey =
  | 'approved'
  | 'declined'
  | 'cancelled'
  | 'tryAnotherCard'
  | 'newCheckoutForAnotherCard'
  | 'review'
  | 'orderNumber'
  | 'resultTitle'
  | 'approvedNext'
  | 'amount'
  | 'paidWith'
  | 'retryReady';

/** A regional variant overrides only what differs from its parent language. */
export type PartialTranslation = Partial<Omit<Translation, 'fields' | 'errors'>> & {
  fields?: Partial<Translation['fields']>;
  errors?: Partial<Translation['errors']>;
};

/** What a language's lazy entry (i18n/<tag>/index.ts) exports. */
export interface LanguageModule {
  translation: Translation | PartialTranslation;
}
