// The facade of the `locale-<tag>` parts: the translations other than English (i18n/languages.ts), for the page's language only.
import { languages } from '../i18n/languages.ts';
import type { LanguageModule } from '../i18n/translation.ts';
import { once } from './loader.ts';

/** A language's translation module; a tag without one is an error, as a failed load is. */
export function loadLocaleModule(tag: string): Promise<LanguageModule> {
  const load = Object.hasOwn(languages, tag) ? languages[tag] : undefined;
  return load ? once(`locale-${tag}`, load) : Promise.reject(new Error(`no translation module for ${tag}`));
}
