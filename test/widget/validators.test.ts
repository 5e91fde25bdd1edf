// Pure, DOM-free checks: no fixture, no element. These run the contract's schemas exactly as the
// widget wires them (widget/validation/*), with plain functions standing in for the lazily
// loaded subdivision table and phone metadata.
import { expect } from '@open-wc/testing';
import { AddressValidator } from '../../widget/validation/address-validator.ts';
import { toFieldErrorCode } from '../../widget/validation/field-error-code.ts';
import { SubdivisionCheck } from '../../widget/validation/subdivision-check.ts';
import { isValidPhone } from '../../contract/phone.ts';
import { postcodeFormatOf } from '../../contract/address-checks.server.ts';

const costaRica = [
  { code: 'CR-SJ', name: 'San José' },
  { code: 'CR-A', name: 'Alajuela' },
];

const validBilling = {
  firstName: 'Ana',
  lastName: 'Mora',
  address: 'Calle 5, Avenida 2',
  address2: '',
  city: 'San José',
  state: 'CR-SJ',
  zip: '10101',
  country: 'CR',
  telephone: '+506 8312 3456',
  email: 'ana@example.com',
};

function validatorFor(subdivisions: Record<string, typeof costaRica>) {
  return new AddressValidator({
    isSubdivisionOf: (state, country) => new SubdivisionCheck(country, subdivisions[country] ?? []).isValid(state),
    isValidPhone,
    postcodeFormat: postcodeFormatOf,
  });
}

describe('SubdivisionCheck', () => {
  describe('when given a country and its subdivisions', () => {
    const check = new SubdivisionCheck('CR', costaRica);

    it('accepts a subdivision of that country', () => {
      expect(check.isValid('CR-SJ')).to.equal(true);
    });

    it('refuses a code of another country and an unknown code', () => {
      expect(check.isValid('PA-8')).to.equal(false);
      expect(check.isValid('CR-ZZ')).to.equal(false);
      expect(check.isValid('')).to.equal(false);
    });
  });

  describe('when the list holds a code of another country', () => {
    it('still refuses it, because the prefix names the country', () => {
      expect(new SubdivisionCheck('CR', [{ code: 'PA-8', name: 'Panamá' }]).isValid('PA-8')).to.equal(false);
    });
  });
});

describe('AddressValidator', () => {
  describe('when the billing address is complete and consistent', () => {
    it('is valid and has no errors', () => {
      const result = validatorFor({ CR: costaRica }).validate('billing', validBilling);
      expect(result).to.deep.equal({ isValid: true, errors: {} });
    });
  });

  describe('when fields are empty', () => {
    it('reports `required` for each required field and nothing for the optional address2', () => {
      const result = validatorFor({ CR: costaRica }).validate('billing', { ...validBilling, firstName: ' ', city: '', address2: '' });
      expect(result.isValid).to.equal(false);
      expect(result.errors).to.deep.equal({ firstName: 'required', city: 'required' });
    });
  });

  describe('when the state belongs to another country', () => {
    it('reports state_not_in_country on the state field', () => {
      const result = validatorFor({ CR: costaRica }).validate('billing', { ...validBilling, state: 'PA-8' });
      expect(result.errors).to.deep.equal({ state: 'state_not_in_country' });
    });
  });

  describe('when the e-mail, phone and postal code are malformed', () => {
    it('reports one stable code per field', () => {
      const result = validatorFor({ CR: costaRica }).validate('billing', {
        ...validBilling,
        email: 'ana@',
        telephone: '123',
        zip: '10101!',
      });
      expect(result.errors).to.deep.equal({ email: 'invalid_email', telephone: 'invalid_phone', zip: 'invalid_zip' });
    });
  });

  describe('when a national phone number is written for its country', () => {
    it('is valid in that country and not in another', () => {
      const validator = validatorFor({ CR: costaRica, MX: [{ code: 'MX-CMX', name: 'Ciudad de México' }] });
      expect(validator.validate('billing', { ...validBilling, telephone: '8312 3456' }).isValid).to.equal(true);
      const inMexico = { ...validBilling, country: 'MX', state: 'MX-CMX', telephone: '8312 3456' };
      expect(validator.validate('billing', inMexico).errors).to.deep.equal({ telephone: 'invalid_phone' });
    });
  });

  describe('when the country is not ISO 3166-1', () => {
    it('reports invalid_country and does not judge the state against it', () => {
      const result = validatorFor({}).validate('billing', { ...validBilling, country: 'XX', state: 'XX-1' });
      expect(result.errors).to.deep.equal({ country: 'invalid_country' });
    });
  });

  describe('when a value is too long for the gateway', () => {
    it('reports too_long', () => {
      const result = validatorFor({ CR: costaRica }).validate('billing', { ...validBilling, lastName: 'x'.repeat(61) });
      expect(result.errors).to.deep.equal({ lastName: 'too_long' });
    });
  });

  describe('when checking a shipping address', () => {
    it('does not ask for an e-mail', () => {
      const { email: _email, ...shipping } = validBilling;
      expect(validatorFor({ CR: costaRica }).validate('shipping', shipping).isValid).to.equal(true);
      expect(validatorFor({ CR: costaRica }).validate('billing', shipping).errors).to.deep.equal({ email: 'required' });
    });
  });
});

describe('toFieldErrorCode', () => {
  it('keeps the contract codes and turns anything else into `invalid`', () => {
    expect(toFieldErrorCode('invalid_phone')).to.equal('invalid_phone');
    expect(toFieldErrorCode('Expected string, received number')).to.equal('invalid');
    expect(toFieldErrorCode(undefined)).to.equal('invalid');
  });
});
