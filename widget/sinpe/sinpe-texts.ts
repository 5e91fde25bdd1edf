// The SINPE Móvil panel's words (loaded with the panel, not in the first bundle): English's here,
// every other language's in its folder, i18n/<tag>/sinpe-panel.ts, asked for when the panel shows.
import type { SinpePanelWords, WordsFile } from '../i18n/feature-words.ts';
import { featureWords } from '../i18n/part-words.ts';

const english: SinpePanelWords = {
  heading: 'Pay with SINPE Móvil',
  steps: 'In your bank app, send the exact amount to this number and write the reference in the description. This page updates by itself.',
  phone: 'Phone',
  amount: 'Exact amount',
  reference: 'Reference',
  copy: (what) => `Copy ${what.toLowerCase()}`,
  copied: (what) => `${what} copied`,
  timeLeft: (minutes) => `Time left: ${minutes}`,
  timeUp: 'The time to make the transfer ran out.',
  referenceOnly: (reference) => `Write the reference ${reference} in the transfer's description: it is the only thing that identifies your payment. Without it, the shop will have to confirm it by hand.`,
  bank: 'Your bank',
  chooseBank: 'Choose your bank to pay by SMS',
  sendSms: (bank, number) => `Send the SMS to ${bank} (${number})`,
  smsIs: (text, number) => `Message: ${text}, to ${number}.`,
  qr: (bank, number) => `QR code of the payment SMS for ${bank} (${number})`,
  qrHint: "Scan it with your phone's camera: it opens the message ready to send.",
  discount: (discount) => `${discount} less than the total, so your payment is recognised.`,
};

/** The panel's words for a locale tag (English's until its language's file arrives). */
export function sinpePanelWords(tag: string): SinpePanelWords {
  return featureWords('sinpe-panel', tag, english, (language) => import(`../i18n/${language}/sinpe-panel.ts`) as Promise<WordsFile<SinpePanelWords>>);
}
