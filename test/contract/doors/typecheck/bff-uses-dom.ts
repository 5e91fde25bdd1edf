// planted as bff/: the BFF compiles without the DOM's types.
export const here = (): string => window.location.href;
