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

/** The tags this page has asked for (a part's words are fetched for them as it arrives, part-words.ts). */
export const pageTags = new Set<string>();
/** The featureWords lookups of the parts here (part-words.ts partWords): a tag the page asks for later is fetched at once. */
export const partLookups = new Set<(tag: string) => unknown>();

/** The page speaks `tag`: the parts already here ask for their words in it (those arriving later, partWords). */
export function speak(tag: string): void {
  if (pageTags.has(tag)) return;
  pageTags.add(tag);
  for (const words of partLookups) words(tag);
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
  return layers.reduce<Translation>(over, en as Translation);
}

/**
 * `layer` over `base`, a record (fields, errors, a feature's section) word by word: what the more
 * specific language leaves out, the one under it says.
 */
export function over<T extends object>(base: T, layer: object): T {
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(layer)) {
    const under = merged[key];
    merged[key] = typeof under == 'object' && !Array.isArray(under) && typeof value == 'object' ? { ...under, ...value } : value;
  }
  return merged as T;
}

/** A section of the translation (feature-words.ts) over English's, which rides with its feature. */
export function sectionWords<T extends object>(tag: string, section: 'sinpeChoice' | 'territory', english: T): T {
  return over(english, translationFor(tag)[section] ?? {});
}

/**
 * What the parts with words of their own (part-words.ts, lazy) share with the first script: the
 * words files on their way, who renders again when one arrives, and the featureWords lookups of the
 * parts here, which a tag the page asks for later (speak) asks at once.
 */
export const coming = new Set<Promise<void>>();
export const arrivals = new Set<() => void>();

/** Settles once every words file asked for so far has arrived or failed (ensureLocale and tests wait on it). */
export function wordsSettled(): Promise<void> {
  return Promise.all(coming).then(() => undefined);
}

/** Called each time a feature's words arrive (the element and the SINPE Móvil panel render again). */
export function onWordsArrival(listener: () => void): () => void {
  arrivals.add(listener);
  return () => void arrivals.delete(listener);
}
