// Entry of its own (dist/widget/locale-es.js): a page in Spanish loads it; others never do.
export { es as translation } from '../i18n/es.ts';
