// The language's lazy entry (chunks/locale-pt-BR-<hash>.js, one line of ../languages.ts): a page in Portuguese loads it; others never do.
export { ptBR as translation } from './pt-BR.ts';
