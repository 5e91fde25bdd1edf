// A lazy part (dist/widget/chunks/locale-es-<hash>.js, reached by widget/parts/locales.ts): a page in Spanish loads it; others never do.
export { es as translation } from '../i18n/es/es.ts';
