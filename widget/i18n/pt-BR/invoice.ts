// The electronic invoice fieldset in Brazilian Portuguese
// (feature-words.ts InvoiceWords): a part of its own, asked for only when a checkout offers one.
import type { InvoiceWords } from '../feature-words.ts';

export const words = {
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
} satisfies InvoiceWords;
