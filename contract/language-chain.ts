// One language chain for every text a buyer reads: the widget's form, result, decline, SINPE Móvil
// and invoice words, and the BFF's own pages and messages. The page's language, then its regional
// group (Latin-American Spanish, es-419, for a Spanish outside Spain; Brazilian Portuguese, the one we
// have, for any Portuguese), then its base language, then the project's default. Each table names
// the languages it has and pickLanguage takes the first the chain reaches, so a page in a language
// we do not have (French) reads everything in the default, never half in another language.

/** The project's default language: complete in every table, and in the widget's first script. */
export const defaultLanguage = 'en';

/** The tag's own languages, most specific first: itself, its regional group, its base language. */
function ownLanguages(tag: string | null | undefined): string[] {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag ?? '');
  } catch {
    return [];
  }
  const chain = [locale.baseName];
  if (locale.language === 'es' && locale.region && locale.region !== 'ES') chain.push('es-419');
  if (locale.language === 'pt') chain.push('pt-BR');
  chain.push(locale.language);
  return chain;
}

/** The chain of a BCP 47 tag, most specific first, the default last; an unreadable tag is the default. */
export function languageChain(tag: string | null | undefined): string[] {
  return [...new Set([...ownLanguages(tag), defaultLanguage])];
}

/** The first of `available` that the tag's own languages reach (not the default), or undefined. */
export function reachedLanguage<T extends string>(tag: string | null | undefined, available: readonly T[]): T | undefined {
  const byLowerCase = new Map(available.map((language) => [language.toLowerCase(), language]));
  return ownLanguages(tag)
    .map((language) => byLowerCase.get(language.toLowerCase()))
    .find((language) => language !== undefined);
}

/** The language to show of a table that has `available` (the default among them). */
export function pickLanguage<T extends string>(tag: string | null | undefined, available: readonly T[]): T {
  return reachedLanguage(tag, available) ?? (defaultLanguage as T);
}

/**
 * The tag the page asks for: the element's `locale` attribute, else `<html lang>`, else the
 * browser's language. An unparsable tag falls through to the next source.
 */
export function resolveLocale(...candidates: Array<string | null | undefined>): string {
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const [canonical] = Intl.getCanonicalLocales(candidate);
      if (canonical) return canonical;
    } catch {
      // not a BCP 47 tag: try the next source
    }
  }
  return 'en';
}
