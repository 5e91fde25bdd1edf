// The words of the widget's features, as types: English's are written beside each feature (the
// fallback every chain ends in), every other language's in its own folder (widget/i18n/<tag>/), so a
// language is its folder and its line of languages.ts, and nothing else to touch.
//
// Two ways in, by what a Costa Rican card purchase downloads:
// - the words of a part that purchase opens (the card / SINPE Móvil choice, Costa Rica's address)
//   are sections of the language's translation (i18n/<tag>/index.ts, already in the purchase):
//   `sinpeChoice` and `territory` (translation.ts FeatureSections);
// - the words of a part it never opens (the SINPE Móvil panel, the invoice, the session's clock, the
//   popup's rescue, a dollar order) are a file of their own in the language's folder,
//   i18n/<tag>/<file>.ts exporting `words`, that the feature asks for when it shows (localize.ts
//   featureWords), so a Spanish card purchase never downloads them.
import type { InvoiceIdType, InvoiceIssueCode } from '../../contract/invoice-id-types.ts';

/** The card / SINPE Móvil choice, and what the method-choice part says after a transfer or a decline. */
export interface SinpeChoiceWords {
  legend: string;
  /** The other option is SINPE Móvil, a name no language translates. */
  card: string;
  /** The live region's words while the transfer is awaited. */
  waiting: string;
  /** The billing fieldset's legend when SINPE Móvil asks only name, e-mail and phone (no address). */
  contact: string;
  /** The button after a card decline SINPE Móvil may rescue. */
  payBySinpe: string;
  /** The result panel: how it was paid and to whom (the merchant's SINPE Móvil number). */
  paidTo: (phone: string) => string;
}

/** Costa Rica's address fields (provincia → cantón → distrito, otras señas). */
export interface TerritoryWords {
  provincia: string;
  canton: string;
  distrito: string;
  chooseCanton: string;
  chooseDistrito: string;
  /** Costa Rican addresses are described, not numbered: the street line. */
  otrasSenas: string;
}

/** i18n/<tag>/sinpe-panel.ts: the SINPE Móvil panel, its SMS link, QR and discount note. */
export interface SinpePanelWords {
  heading: string;
  steps: string;
  phone: string;
  amount: string;
  reference: string;
  copy: (what: string) => string;
  copied: (what: string) => string;
  timeLeft: (minutes: string) => string;
  timeUp: string;
  /** The transfer is found by its reference only: without it in the description, the payment waits for the shop. */
  referenceOnly: (reference: string) => string;
  bank: string;
  chooseBank: string;
  /** The link's text: opens the messages app with the SMS ready. */
  sendSms: (bank: string, number: string) => string;
  smsIs: (text: string, number: string) => string;
  /** The QR's accessible name and the line under it. */
  qr: (bank: string, number: string) => string;
  qrHint: string;
  /** The exact amount is lower than the order's by `discount`, so the payment identifies itself. */
  discount: (discount: string) => string;
}

/** i18n/<tag>/invoice.ts: the electronic invoice fieldset. */
export interface InvoiceWords {
  request: string;
  legend: string;
  idType: string;
  chooseIdType: string;
  idTypes: Record<InvoiceIdType, string>;
  idNumber: string;
  /** The digits the chosen type takes (min = max for all but DIMEX), shown under the ID number. */
  idNumberHint: (min: number, max: number) => string;
  name: string;
  email: string;
  errors: Record<InvoiceIssueCode, string> & { invoice_not_offered: string };
}

/** i18n/<tag>/session-clock.ts: the notice before a session ends, and the words after it did. */
export interface SessionClockWords {
  endsIn: (minutes: number) => string;
  extend: string;
  extended: (minutes: number) => string;
  lastMinutes: (minutes: number) => string;
  ended: string;
  renewed: string;
  watchLost: string;
}

/** i18n/<tag>/popup.ts: the button that brings a lost payment window to the front. */
export interface PopupWords {
  showAgain: string;
}

/** i18n/<tag>/dollar-order.ts: a dollar order's colones line and the card's currency choice. */
export interface DollarOrderWords {
  /** The colones under the total: the amount, the BCCR's rate and its day, each formatted for the page. */
  localAmount: (amount: string, rate: string, date: string) => string;
  legend: string;
  dollars: (amount: string) => string;
  colones: (amount: string) => string;
}

/**
 * What a language may say of a feature: any of its words, a record (the invoice's errors) word by
 * word; what it leaves out is said by the next language of the chain, English at the end. A
 * language that means to be complete writes `satisfies` the feature's whole type instead, and a
 * missing word is then a type error.
 */
export type WordsLayer<T> = {
  [K in keyof T]?: T[K] extends (...args: never[]) => unknown ? T[K] : T[K] extends object ? Partial<T[K]> : T[K];
};

/** What i18n/<tag>/<file>.ts exports. */
export interface WordsFile<T> {
  words: WordsLayer<T>;
}
