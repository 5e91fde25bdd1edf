// Entry of its own (dist/widget/locale-es-419.js): Latin-American Spanish over neutral Spanish.
export { es419 as translation } from '../i18n/es-419/es-419.ts';
