// The popup mode's words in Brazilian Portuguese (feature-words.ts PopupWords): asked for only by a checkout
// in popup mode whose payment window is open.
import type { PopupWords } from '../feature-words.ts';

export const words = { showAgain: 'Mostrar de novo a janela de pagamento' } satisfies PopupWords;
