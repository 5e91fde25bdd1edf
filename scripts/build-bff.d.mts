// Types of build-bff.mjs for TypeScript callers (the bench builds the BFF it loads).
/** Builds the deployable BFF package into `outdir` (default dist/bff); resolves with the path of server.js. */
export function buildBff(outdir?: string): Promise<string>;
/** Bundles one Node entry (a path from the project root) into `outfile`; resolves with `outfile`. */
export function bundleForNode(entry: string, outfile: string): Promise<string>;
/** The node flags of `npm run start:bff` (package.json): how production runs the bundle. */
export function startBffNodeFlags(): string[];
/** The Swagger UI files copied into `<outdir>/swagger-ui/` for /docs. */
export const swaggerUiAssets: string[];
