import { languageChain } from '../../contract/language-chain.ts';
// Shared with the demo's pages, which import contract/ and never the widget's source.
export { resolveLocale } from '../../contract/language-chain.ts';
export { formatMoney } from '../../contract/money-format.ts';
import { en } from './en/en.ts';
import { languages } from './languages.ts';
import type { PartialTranslation, Translation } from './translation.ts';

// English rides in the first script (every chain ends in it), all but its outcome words, which
// are a part of their own that order-watch asks for when a page's translation lacks them (addEnglishWords); the others are lazy modules (locale-<tag>.js,
// one line each in i18n/languages.ts, loaded by i18n/locale-loader.ts), registered here as they arrive.
const translations: Record<string, Translation | PartialTranslation> = { en };

export function registerTranslation(tag: string, layer: Translation | PartialTranslation): void {
  translations[tag] = layer;
}

/**
 * English's lazy words: its outcome words (i18n/en/en-outcome.ts; no outcome shows before a page that
 * needs them has them, order-watch) and the flow's (i18n/en/en-flow.ts, a part of their own the flow asks for when the page lacks them).
 */
export function addEnglishWords(words: Partial<Translation>): void {
  translations['en'] = { ...translations['en'], ...words };
}

/** The lazy layers `tag`'s chain needs that are not here yet. */
export function missingLayers(tag: string): string[] {
  return fallbackChain(tag).filter((key) => Object.hasOwn(languages, key) && !translations[key]);
}

/**
 * Most specific first, `en` last: es-CR → es-419 → es → en; es-ES → es → en; pt → pt-BR → en.
 * Every Spanish region except Spain's reads Latin-American Spanish best.
 */
export function fallbackChain(tag: string): string[] {
  return languageChain(tag);
}

/** The complete Translation for a tag: the chain's entries merged, most specific winning. */
export function translationFor(tag: string): Translation {
  const layers = fallbackChain(tag)
    .map((key) => translations[key])
    .filter((layer): layer is Translation | PartialTranslation => layer !== undefined)
    .reverse();
  // Complete but for English's outcome words before order-watch.js arrives (see above).
  let merged = en as Translation;
  for (const layer of layers) {
    merged = {
      ...merged,
      ...layer,
      fields: { ...merged.fields, ...layer.fields },
      errors: { ...merged.errors, ...layer.errors },
    } as Translation;
  }
  return merged;
}
