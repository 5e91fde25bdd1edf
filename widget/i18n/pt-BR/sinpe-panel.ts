// The SINPE Móvil panel in Brazilian Portuguese (feature-words.ts SinpePanelWords): a part of its
// own, asked for only when a transfer opens on a Portuguese page.
import type { SinpePanelWords } from '../feature-words.ts';

/** "copiado" agrees with its noun: the reference is feminine, phone and amount are not. */
const copied = (what: string) => `${what} ${what === 'Referência' ? 'copiada' : 'copiado'}`;

export const words = {
  heading: 'Pague com SINPE Móvil',
  steps: 'No app do seu banco, envie o valor exato para este número e escreva a referência na descrição. Esta página se atualiza sozinha.',
  phone: 'Telefone',
  amount: 'Valor exato',
  reference: 'Referência',
  copy: (what) => `Copiar ${what.toLowerCase()}`,
  copied,
  timeLeft: (minutes) => `Tempo restante: ${minutes}`,
  timeUp: 'O tempo para fazer a transferência acabou.',
  referenceOnly: (reference) => `Escreva a referência ${reference} na descrição da transferência: é a única coisa que identifica o seu pagamento. Sem ela, a loja terá de confirmá-lo manualmente.`,
  bank: 'Seu banco',
  chooseBank: 'Escolha seu banco para pagar por SMS',
  sendSms: (bank, number) => `Enviar o SMS para ${bank} (${number})`,
  smsIs: (text, number) => `Mensagem: ${text}, para ${number}.`,
  qr: (bank, number) => `Código QR do SMS de pagamento para ${bank} (${number})`,
  qrHint: 'Leia com a câmera do seu celular: abre a mensagem pronta para enviar.',
  discount: (discount) => `${discount} a menos que o total, para identificar o seu pagamento.`,
} satisfies SinpePanelWords;
