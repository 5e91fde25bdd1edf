// The session's clock in Spanish (feature-words.ts SessionClockWords): a part of its own, asked
// for only when a session is about to end or has ended.
import type { SessionClockWords } from '../feature-words.ts';

const plural = (minutes: number, one: string, many: string) => `${minutes} ${minutes === 1 ? one : many}`;

export const words = {
  endsIn: (minutes) => `Su sesión de pago termina en ${plural(minutes, 'minuto', 'minutos')}. ¿Necesita más tiempo?`,
  extend: 'Extender',
  extended: (minutes) => `Listo: tiene ${plural(minutes, 'minuto', 'minutos')} más para pagar.`,
  lastMinutes: (minutes) => `Su sesión de pago termina en ${plural(minutes, 'minuto', 'minutos')} y ya no puede extenderse. Pague antes o vuelva a la tienda para empezar de nuevo.`,
  ended: 'Su sesión de pago terminó por tiempo y no se cobró nada en ella. Vuelva a la tienda o recargue la página para empezar de nuevo.',
  renewed: 'Renovamos su sesión de pago. Sus datos siguen aquí: pulse Pagar para continuar.',
  watchLost: 'Ya no podemos seguir este pago aquí. Si lo completó, la tienda le confirmará el pedido.',
} satisfies SessionClockWords;
