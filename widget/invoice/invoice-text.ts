// The electronic invoice fieldset's words: English's here, every other language's in its folder,
// i18n/<tag>/invoice.ts, asked for when the fieldset shows (only checkouts that offer an invoice
// load this, lazy/invoice-details.ts).
import type { InvoiceWords, WordsFile } from '../i18n/feature-words.ts';
import { featureWords } from '../i18n/part-words.ts';

export type InvoiceText = InvoiceWords;

const english: InvoiceText = {
  request: 'I need an electronic invoice',
  legend: 'Electronic invoice',
  idType: 'ID type',
  chooseIdType: 'Choose an ID type',
  idTypes: { '01': 'Cédula física (01)', '02': 'Cédula jurídica (02)', '03': 'DIMEX (03)', '04': 'NITE (04)' },
  idNumber: 'ID number',
  idNumberHint: (min, max) => `${min === max ? min : `${min} or ${max}`} digits; dashes and spaces are fine.`,
  name: 'Legal name',
  email: 'Invoice e-mail',
  errors: {
    required: 'This field is required.',
    too_long: 'This value is too long.',
    invalid_id_type: 'Choose an ID type from the list.',
    invalid_id_number: 'Enter the ID number with the digits its type has.',
    invalid_email: 'Enter a valid e-mail address.',
    invoice_not_offered: 'This checkout does not issue electronic invoices.',
  },
};

/** The fieldset's words for a locale tag (English's until its language's file arrives). */
export function invoiceTextFor(tag: string): InvoiceText {
  return featureWords('invoice', tag, english, (language) => import(`../i18n/${language}/invoice.ts`) as Promise<WordsFile<InvoiceText>>);
}
