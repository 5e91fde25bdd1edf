// The buyer the component tests type in, as test/fixtures/costa-rican-buyer.ts has it for every suite.
import { costaRicanBuyer } from '../../fixtures/costa-rican-buyer.ts';

/** The shared buyer, with the phone typed the way a Costa Rican buyer writes it (no country code). */
export const costaRicanBilling = { ...costaRicanBuyer, telephone: '8312 3456' };
