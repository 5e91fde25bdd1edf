// planted as contract/: contract/ compiles without Node's types.
export const bytes = (text: string): string => Buffer.from(text).toString('base64') + process.env['X'];
