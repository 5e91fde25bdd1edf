import type { AddressChecks } from './address.ts';
import { isSubdivisionOf } from './iso-subdivisions.ts';
import { isValidPhone } from './phone.ts';

/** The full-table address checks for server code (the BFF); the widget loads its own lazily. */
export const serverAddressChecks: AddressChecks = { isSubdivisionOf, isValidPhone };
