// Types of build-bff.mjs for TypeScript callers (the bench builds the BFF it loads).
/** Bundles bff/server.ts into `outdir` (default dist/bff); resolves with the path of server.js. */
export function buildBff(outdir?: string): Promise<string>;
