// Entry of its own (dist/widget/phone-validator.js): libphonenumber's metadata stays out of the
// first bundle and loads when the shopper starts filling the form (widget/lazy-assets.ts).
import { isValidPhone } from '../../contract/phone.ts';

export { isValidPhone };
export interface PhoneValidatorModule {
  isValidPhone: typeof isValidPhone;
}
