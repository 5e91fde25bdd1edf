import { loadLocaleModule } from '../lazy-assets.ts';
import { missingLayers, registerTranslation } from './localize.ts';

/**
 * Loads the translations a locale's fallback chain needs (es-CR: es-419 and es), once per page.
 * A layer that fails to load leaves its text to the next one in the chain (English at the end).
 */
const loads = new Map<string, Promise<void>>();

export function ensureLocale(tag: string): Promise<void> {
  return Promise.all(
    missingLayers(tag).map((layer) => {
      let load = loads.get(layer);
      if (!load) {
        load = loadLocaleModule(layer).then(
          (module) => registerTranslation(layer, module.translation),
          () => void loads.delete(layer),
        );
        loads.set(layer, load);
      }
      return load;
    }),
  ).then(() => undefined);
}

export function isLocaleReady(tag: string): boolean {
  return missingLayers(tag).length === 0;
}
