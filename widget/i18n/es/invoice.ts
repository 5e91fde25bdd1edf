// The electronic invoice fieldset in Spanish
// (feature-words.ts InvoiceWords): a part of its own, asked for only when a checkout offers one.
import type { InvoiceWords } from '../feature-words.ts';

export const words = {
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
} satisfies InvoiceWords;
