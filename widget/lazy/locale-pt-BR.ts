// Entry of its own (dist/widget/locale-pt-BR.js): a page in Portuguese loads it; others never do.
export { ptBR as translation } from '../i18n/pt-BR/pt-BR.ts';
