// The language's lazy entry (chunks/locale-es-419-<hash>.js, one line of ../languages.ts): Latin-American Spanish over neutral Spanish.
export { es419 as translation } from './es-419.ts';
