// The SINPE Móvil panel as a lazily loaded part: defines <svc-sinpe-panel> when the element asks
// (widget/parts/sinpe-panel.ts loadSinpePanel).
import { partWords } from '../i18n/part-words.ts';
import { sinpePanelWords } from '../sinpe/sinpe-texts.ts';

export { defineSinpePanel } from '../sinpe/sinpe-panel.ts';

/** Its words in the page's language (i18n/<tag>/sinpe-panel.ts) arrive with it (parts/loader.ts). */
export const partReady = () => partWords(sinpePanelWords);
