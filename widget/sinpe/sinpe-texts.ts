// The SINPE Móvil panel's words (loaded with the panel, not in the first bundle).

/** Spanish and Portuguese agree "copiado" with its noun: the reference is feminine, phone and amount are not. */
const copiedIn = (feminine: string) => (what: string) => `${what} ${what === feminine ? 'copiada' : 'copiado'}`;
export interface SinpeTexts {
  heading: string;
  steps: string;
  phone: string;
  amount: string;
  reference: string;
  copy: (what: string) => string;
  copied: (what: string) => string;
  timeLeft: (minutes: string) => string;
  timeUp: string;
  /** The transfer is found by its reference only: without it in the description, the payment waits for the shop. */
  referenceOnly: (reference: string) => string;
}

export const sinpeTexts: Record<'es' | 'en' | 'pt-BR', SinpeTexts> = {
  es: {
    heading: 'Pague con SINPE Móvil',
    steps: 'Desde la app de su banco, envíe el monto exacto a este número y escriba la referencia en la descripción. Esta página se actualiza sola.',
    phone: 'Teléfono',
    amount: 'Monto exacto',
    reference: 'Referencia',
    copy: (what) => `Copiar ${what.toLowerCase()}`,
    copied: copiedIn('Referencia'),
    timeLeft: (minutes) => `Tiempo restante: ${minutes}`,
    timeUp: 'Se acabó el tiempo para hacer la transferencia.',
    referenceOnly: (reference) => `Escriba la referencia ${reference} en la descripción de la transferencia: es lo único que identifica su pago. Sin ella, la tienda tendrá que confirmarlo a mano.`,
  },
  en: {
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
  },
  'pt-BR': {
    heading: 'Pague com SINPE Móvil',
    steps: 'No app do seu banco, envie o valor exato para este número e escreva a referência na descrição. Esta página se atualiza sozinha.',
    phone: 'Telefone',
    amount: 'Valor exato',
    reference: 'Referência',
    copy: (what) => `Copiar ${what.toLowerCase()}`,
    copied: copiedIn('Referência'),
    timeLeft: (minutes) => `Tempo restante: ${minutes}`,
    timeUp: 'O tempo para fazer a transferência acabou.',
    referenceOnly: (reference) => `Escreva a referência ${reference} na descrição da transferência: é a única coisa que identifica o seu pagamento. Sem ela, a loja terá de confirmá-lo manualmente.`,
  },
};
