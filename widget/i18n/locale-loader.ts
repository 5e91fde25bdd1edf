import { loadLocaleModule } from '../parts/locales.ts';
import { missingLayers, registerTranslation, speak, wordsSettled } from './localize.ts';

/**
 * Loads the translations a locale's fallback chain needs (es-CR: es-419 and es), once per page.
 * A layer that fails to load (after parts/loader.ts's retries) leaves its text to the next one in
 * the chain (English at the end) and counts as settled: a render never asks for it again.
 */
const loads = new Map<string, Promise<void>>();
const failed = new Set<string>();

/** The chain's layers, and the words of the parts already here (localize.ts partWords) in that tag. */
export function ensureLocale(tag: string): Promise<void> {
  speak(tag);
  return Promise.all(
    missingLayers(tag).map((layer) => {
      let load = loads.get(layer);
      if (!load) {
        load = loadLocaleModule(layer).then(
          (module) => registerTranslation(layer, module.translation),
          () => void failed.add(layer),
        );
        loads.set(layer, load);
      }
      return load;
    }),
  ).then(wordsSettled);
}

/** Every layer of the chain is here, or failed for good. */
export function isLocaleReady(tag: string): boolean {
  return missingLayers(tag).every((layer) => failed.has(layer));
}
