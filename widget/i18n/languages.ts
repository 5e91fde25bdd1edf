import type { LanguageModule } from './translation.ts';

/**
 * The widget's languages other than English (English, the default every chain ends in, rides in the
 * first script: en/). One line each, its tag and its folder's lazy entry (i18n/<tag>/index.ts, which
 * exports its `translation`); the build names the chunk `locale-<tag>` (vite.config.ts), the loader
 * (parts/locales.ts) asks for it through the retry loader, and localize.ts knows the tag by this
 * list. Adding a language is its folder and its line here (test/unit/widget-languages.spec.ts holds
 * the folders and the lines to each other). A tag is read by contract/language-chain.ts's chain, so
 * `fr` serves fr-FR and fr-CA alike.
 */
export const languages: Readonly<Record<string, () => Promise<LanguageModule>>> = {
  es: () => import('./es/index.ts'),
  'es-419': () => import('./es-419/index.ts'),
  'pt-BR': () => import('./pt-BR/index.ts'),
};
