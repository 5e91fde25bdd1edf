// The words of the SINPE Móvil panel's SMS link, QR and discount note (loaded with the panel).
export interface SmsTexts {
  bank: string;
  chooseBank: string;
  /** The link's text: opens the messages app with the SMS ready. */
  sendSms: (bank: string, number: string) => string;
  smsIs: (text: string, number: string) => string;
  /** The QR's accessible name and the line under it. */
  qr: (bank: string, number: string) => string;
  qrHint: string;
  /** The exact amount is lower than the order's by `discount`, so the payment identifies itself. */
  discount: (discount: string) => string;
}

export const smsTexts: Record<'es' | 'en' | 'pt-BR', SmsTexts> = {
  es: {
    bank: 'Su banco',
    chooseBank: 'Elija su banco para pagar por SMS',
    sendSms: (bank, number) => `Enviar el SMS a ${bank} (${number})`,
    smsIs: (text, number) => `Mensaje: ${text}, al ${number}.`,
    qr: (bank, number) => `Código QR del SMS de pago para ${bank} (${number})`,
    qrHint: 'Escanéelo con la cámara de su teléfono: abre el mensaje listo para enviar.',
    discount: (discount) => `${discount} menos que el total, para identificar su pago.`,
  },
  en: {
    bank: 'Your bank',
    chooseBank: 'Choose your bank to pay by SMS',
    sendSms: (bank, number) => `Send the SMS to ${bank} (${number})`,
    smsIs: (text, number) => `Message: ${text}, to ${number}.`,
    qr: (bank, number) => `QR code of the payment SMS for ${bank} (${number})`,
    qrHint: "Scan it with your phone's camera: it opens the message ready to send.",
    discount: (discount) => `${discount} less than the total, so your payment is recognised.`,
  },
  'pt-BR': {
    bank: 'Seu banco',
    chooseBank: 'Escolha seu banco para pagar por SMS',
    sendSms: (bank, number) => `Enviar o SMS para ${bank} (${number})`,
    smsIs: (text, number) => `Mensagem: ${text}, para ${number}.`,
    qr: (bank, number) => `Código QR do SMS de pagamento para ${bank} (${number})`,
    qrHint: 'Leia com a câmera do seu celular: abre a mensagem pronta para enviar.',
    discount: (discount) => `${discount} a menos que o total, para identificar o seu pagamento.`,
  },
};
