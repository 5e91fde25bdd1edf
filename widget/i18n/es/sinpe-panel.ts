// The SINPE Móvil panel in Spanish (feature-words.ts SinpePanelWords): a part of its own, asked for
// only when a transfer opens on a Spanish page.
import type { SinpePanelWords } from '../feature-words.ts';

/** "copiado" agrees with its noun: the reference is feminine, phone and amount are not. */
const copied = (what: string) => `${what} ${what === 'Referencia' ? 'copiada' : 'copiado'}`;

export const words = {
  heading: 'Pague con SINPE Móvil',
  steps: 'Desde la app de su banco, envíe el monto exacto a este número y escriba la referencia en la descripción. Esta página se actualiza sola.',
  phone: 'Teléfono',
  amount: 'Monto exacto',
  reference: 'Referencia',
  copy: (what) => `Copiar ${what.toLowerCase()}`,
  copied,
  timeLeft: (minutes) => `Tiempo restante: ${minutes}`,
  timeUp: 'Se acabó el tiempo para hacer la transferencia.',
  referenceOnly: (reference) => `Escriba la referencia ${reference} en la descripción de la transferencia: es lo único que identifica su pago. Sin ella, la tienda tendrá que confirmarlo a mano.`,
  bank: 'Su banco',
  chooseBank: 'Elija su banco para pagar por SMS',
  sendSms: (bank, number) => `Enviar el SMS a ${bank} (${number})`,
  smsIs: (text, number) => `Mensaje: ${text}, al ${number}.`,
  qr: (bank, number) => `Código QR del SMS de pago para ${bank} (${number})`,
  qrHint: 'Escanéelo con la cámara de su teléfono: abre el mensaje listo para enviar.',
  discount: (discount) => `${discount} menos que el total, para identificar su pago.`,
} satisfies SinpePanelWords;
