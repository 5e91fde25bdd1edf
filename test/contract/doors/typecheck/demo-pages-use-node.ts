// planted as demo/src/: the demo's pages compile without Node's types.
export const cwd = (): string => process.cwd();
