import { expect, test } from '../support/node-test.ts';
import { invoiceDetails, invoiceIdTypes, isValidInvoiceIdNumber, type InvoiceDetails } from '../../contract/invoice.ts';

const company: InvoiceDetails = { idType: '02', idNumber: '3101123456', name: 'Café del Valle S.A.', email: 'facturas@cafedelvalle.cr' };

function issuesOf(input: unknown): Array<{ path: string; message: string }> {
  const result = invoiceDetails.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const digits = (count: number) => '1234567890123456'.slice(0, count);

test.describe('ID number length per ID type', () => {
  const rules: Array<[InvoiceDetails['idType'], number[], number[]]> = [
    ['01', [9], [8, 10]],
    ['02', [10], [9, 11]],
    ['03', [11, 12], [10, 13]],
    ['04', [10], [9, 11]],
  ];
  for (const [idType, accepted, refused] of rules) {
    test(`type ${idType} accepts ${accepted.join(' or ')} digits and refuses ${refused.join(' and ')}`, () => {
      for (const length of accepted) {
        expect(issuesOf({ ...company, idType, idNumber: digits(length) })).toEqual([]);
      }
      for (const length of refused) {
        expect(issuesOf({ ...company, idType, idNumber: digits(length) })).toEqual([{ path: 'idNumber', message: 'invalid_id_number' }]);
      }
    });
  }

  test('every ID type has a rule', () => {
    expect(invoiceIdTypes).toEqual(['01', '02', '03', '04']);
    for (const idType of invoiceIdTypes) expect(typeof isValidInvoiceIdNumber(idType, '1')).toBe('boolean');
  });

  test('a number as printed (dashes, spaces, dots) is cleaned to its digits; letters are refused', () => {
    expect(invoiceDetails.parse({ ...company, idType: '01', idNumber: '1-0234-0567' }).idNumber).toBe('102340567');
    expect(invoiceDetails.parse({ ...company, idType: '02', idNumber: '3-101-123456' }).idNumber).toBe('3101123456');
    expect(invoiceDetails.parse({ ...company, idType: '01', idNumber: ' 1 0234 0567 ' }).idNumber).toBe('102340567');
    expect(invoiceDetails.parse({ ...company, idType: '01', idNumber: '1.0234.0567' }).idNumber).toBe('102340567');
    // Cleaning never makes a wrong length right, nor letters digits.
    expect(issuesOf({ ...company, idType: '01', idNumber: '1-0234-056' })).toEqual([{ path: 'idNumber', message: 'invalid_id_number' }]);
    expect(issuesOf({ ...company, idType: '04', idNumber: 'A123456789' })).toEqual([{ path: 'idNumber', message: 'invalid_id_number' }]);
    expect(issuesOf({ ...company, idType: '01', idNumber: ' - ' })).toEqual([{ path: 'idNumber', message: 'required' }]);
  });
});

test.describe('the other fields', () => {
  test('a company with its cédula jurídica passes as given', () => {
    expect(invoiceDetails.parse(company)).toEqual(company);
  });

  test('an unknown ID type is named, and the number is not judged against it', () => {
    expect(issuesOf({ ...company, idType: '05' })).toEqual([{ path: 'idType', message: 'invalid_id_type' }]);
    expect(issuesOf({ ...company, idType: 1 })).toEqual([{ path: 'idType', message: 'invalid_id_type' }]);
  });

  test('each missing field is required by name', () => {
    expect(issuesOf({})).toEqual([
      { path: 'idType', message: 'required' },
      { path: 'idNumber', message: 'required' },
      { path: 'name', message: 'required' },
      { path: 'email', message: 'required' },
    ]);
    expect(issuesOf({ ...company, name: '   ', idNumber: '' })).toEqual([
      { path: 'idNumber', message: 'required' },
      { path: 'name', message: 'required' },
    ]);
  });

  test('name up to 100 characters and e-mail up to 160, as Hacienda takes them', () => {
    expect(issuesOf({ ...company, name: 'N'.repeat(100) })).toEqual([]);
    expect(issuesOf({ ...company, name: 'N'.repeat(101) })).toEqual([{ path: 'name', message: 'too_long' }]);
    const local = 'a'.repeat(160 - '@cafe.cr'.length);
    expect(issuesOf({ ...company, email: `${local}@cafe.cr` })).toEqual([]);
    expect(issuesOf({ ...company, email: `${local}a@cafe.cr` })).toEqual([{ path: 'email', message: 'too_long' }]);
  });

  test('an e-mail without a dotted domain is refused; unknown keys are refused', () => {
    expect(issuesOf({ ...company, email: 'facturas@localhost' })).toEqual([{ path: 'email', message: 'invalid_email' }]);
    expect(issuesOf({ ...company, taxRegime: 'simplified' }).map((issue) => issue.path)).toEqual(['']);
  });
});
