// The electronic invoice fieldset's text, per language. Apart from translation.ts so that only
// checkouts that offer an invoice load it (lazy/invoice-details.ts).
import type { InvoiceIdType, InvoiceIssueCode } from '../../contract/invoice-id-types.ts';
import { pickLanguage } from '../../contract/language-chain.ts';

export interface InvoiceText {
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

const en: InvoiceText = {
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

const es: InvoiceText = {
  request: 'Necesito factura electrónica',
  legend: 'Factura electrónica',
  idType: 'Tipo de identificación',
  chooseIdType: 'Elija un tipo de identificación',
  idTypes: { '01': 'Cédula física (01)', '02': 'Cédula jurídica (02)', '03': 'DIMEX (03)', '04': 'NITE (04)' },
  idNumber: 'Número de identificación',
  idNumberHint: (min, max) => `${min === max ? min : `${min} u ${max}`} dígitos; puede escribirlo con guiones o espacios.`,
  name: 'Nombre o razón social',
  email: 'Correo para la factura',
  errors: {
    required: 'Este campo es obligatorio.',
    too_long: 'Este valor es demasiado largo.',
    invalid_id_type: 'Elija un tipo de identificación de la lista.',
    invalid_id_number: 'Escriba el número con los dígitos que lleva su tipo.',
    invalid_email: 'Escriba un correo electrónico válido.',
    invoice_not_offered: 'Esta compra no emite factura electrónica.',
  },
};

const ptBR: InvoiceText = {
  request: 'Preciso de nota fiscal eletrônica',
  legend: 'Nota fiscal eletrônica (Costa Rica)',
  idType: 'Tipo de documento',
  chooseIdType: 'Escolha um tipo de documento',
  idTypes: { '01': 'Cédula física (01)', '02': 'Cédula jurídica (02)', '03': 'DIMEX (03)', '04': 'NITE (04)' },
  idNumber: 'Número do documento',
  idNumberHint: (min, max) => `${min === max ? min : `${min} ou ${max}`} dígitos; pode digitar com traços ou espaços.`,
  name: 'Nome ou razão social',
  email: 'E-mail para a nota',
  errors: {
    required: 'Este campo é obrigatório.',
    too_long: 'Este valor é longo demais.',
    invalid_id_type: 'Escolha um tipo de documento da lista.',
    invalid_id_number: 'Digite o número com os dígitos do seu tipo.',
    invalid_email: 'Digite um e-mail válido.',
    invoice_not_offered: 'Esta compra não emite nota fiscal eletrônica.',
  },
};

/**
 * By language, as localize.ts's fallbackChain ends for these three (es-CR → … → es, pt → pt-BR,
 * anything else → en); not imported from there, so this lazy chunk shares no module with the first.
 */
export function invoiceTextFor(tag: string): InvoiceText {
  return { es, en, 'pt-BR': ptBR }[pickLanguage(tag, ['es', 'en', 'pt-BR'] as const)];
}
