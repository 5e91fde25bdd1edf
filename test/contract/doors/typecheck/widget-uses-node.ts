// planted as widget/: the widget compiles without Node's types.
export const home = (): string | undefined => process.env['HOME'];
