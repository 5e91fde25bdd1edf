// planted as contract/: contract/ compiles without the DOM's types.
export const title = (): string => document.title;
