// The facade of the `locale-XX` parts: the translations other than English, for the page's language only.
import type { PartialTranslation, Translation } from '../i18n/translation.ts';
import { once } from './loader.ts';

/** The languages with a translation module (English is in the first script). */
const localeModules: Record<string, () => Promise<{ translation: Translation | PartialTranslation }>> = {
  es: () => import('../lazy/locale-es.ts'),
  'es-419': () => import('../lazy/locale-es-419.ts'),
  'pt-BR': () => import('../lazy/locale-pt-BR.ts'),
};

/** A translation module (es, es-419, pt-BR); a tag without one is an error, as a failed load is. */
export function loadLocaleModule(tag: string): Promise<{ translation: Translation | PartialTranslation }> {
  const load = localeModules[tag];
  return load ? once(`locale-${tag}`, load) : Promise.reject(new Error(`no translation module for ${tag}`));
}
