// The session's clock in Brazilian Portuguese (feature-words.ts SessionClockWords): a part of its own, asked
// for only when a session is about to end or has ended.
import type { SessionClockWords } from '../feature-words.ts';

const plural = (minutes: number, one: string, many: string) => `${minutes} ${minutes === 1 ? one : many}`;

export const words = {
  endsIn: (minutes) => `Sua sessão de pagamento termina em ${plural(minutes, 'minuto', 'minutos')}. Precisa de mais tempo?`,
  extend: 'Estender',
  extended: (minutes) => `Pronto: você tem mais ${plural(minutes, 'minuto', 'minutos')} para pagar.`,
  lastMinutes: (minutes) => `Sua sessão de pagamento termina em ${plural(minutes, 'minuto', 'minutos')} e não pode mais ser estendida. Pague antes disso ou volte à loja para começar de novo.`,
  ended: 'Sua sessão de pagamento terminou por tempo e nada foi cobrado nela. Volte à loja ou recarregue a página para começar de novo.',
  renewed: 'Renovamos sua sessão de pagamento. Seus dados continuam aqui: toque em Pagar para continuar.',
  watchLost: 'Não podemos mais acompanhar este pagamento aqui. Se você o concluiu, a loja confirmará o pedido.',
} satisfies SessionClockWords;
