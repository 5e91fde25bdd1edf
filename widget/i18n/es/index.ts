// The language's lazy entry (chunks/locale-es-<hash>.js, one line of ../languages.ts): a page in Spanish loads it; others never do.
export { es as translation } from './es.ts';
