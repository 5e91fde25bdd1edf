import type { FlowWordKey, Translation } from '../translation.ts';

/**
 * English's words said only once the checkout's rules are here: where a payment stands, and a
 * field's messages. A part of their own (en-flow.js) that the flow asks for when the page's words
 * lack them (CheckoutFlow.ensureFlowWords, localize.ts addEnglishWords): neither the first script
 * nor a Spanish purchase carries them.
 */
export const enFlow: Pick<Translation, FlowWordKey> = {
  fixErrors: (count) => (count === 1 ? 'Please fix 1 field.' : `Please fix ${count} fields.`),
  submitting: 'Sending your details…',
  redirecting: 'Taking you to the secure payment page…',
  popupOpen: 'Complete the payment in the window that opened. We will show the result here.',
  popupBlocked: 'Your browser blocked the payment window. Allow pop-ups for this site and try again.',
  popupClosed: 'The payment window was closed before the payment finished.',
  returned: 'Welcome back. Checking your payment…',
  polling: 'Confirming your payment with the bank…',
  error: 'Something went wrong and your payment could not be processed. Please try again.',
  offline: 'We could not reach the payment service. Check your connection and try again.',
  expired: 'This checkout has expired. Please reload the page to start again.',
  originNotAllowed: 'Payments are not available on this page. Please contact the shop.',
  requiredField: {
    firstName: 'Enter your first name.',
    lastName: 'Enter your last name.',
    address: 'Enter your address.',
    address2: 'Enter the apartment, suite, etc.',
    city: 'Enter your city.',
    state: 'Choose your state or province.',
    zip: 'Enter your postal code.',
    country: 'Choose your country.',
    telephone: 'Enter your phone number.',
    email: 'Enter your e-mail address.',
  },
  requiredChoice: (label) => `Choose an option for “${label}”.`,
};
