// GET /docs: the API reference, rendered in the browser by Swagger UI from /v1/openapi.json. Every
// file comes from this BFF (read once and kept), so the page works offline and asks nothing of any
// other host; its CSP says so to the browser. The built BFF carries Swagger UI's files in
// `swagger-ui/` beside it (scripts/build-bff.mjs): swagger-ui-dist is a devDependency, because it
// pulls in @scarf/scarf, whose install script reports analytics, and production installs none.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { documentSecurityHeaders } from '../security-headers.ts';

export const referencePagePath = '/docs';
const assetsPath = `${referencePagePath}/assets`;

/**
 * Scripts and styles from this origin only, no inline script or style. Swagger UI sets styles
 * through the DOM (element.style), which CSP does not restrict; its stylesheet draws icons as data:
 * SVG images. connect-src 'self': the document and "Try it out" calls; form-action 'self': the
 * Authorize dialog is a form.
 */
export const referencePageCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io for a badge.
const startScript = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/v1/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    validatorUrl: null,
    defaultModelsExpandDepth: 1,
  });
});
`;

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>svc-checkout API reference</title>
<link rel="stylesheet" href="${assetsPath}/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="${assetsPath}/swagger-ui-bundle.js"></script>
<script src="${assetsPath}/start.js"></script>
</body>
</html>
`;

const swaggerUiFiles = { 'swagger-ui.css': 'text/css; charset=utf-8', 'swagger-ui-bundle.js': 'text/javascript; charset=utf-8' } as const;
type SwaggerUiFile = keyof typeof swaggerUiFiles;

/** `swagger-ui/` beside the built server; from the sources (tsx, tests), swagger-ui-dist itself. */
function swaggerUiDirectory(): string {
  const beside = fileURLToPath(new URL('./swagger-ui/', import.meta.url));
  if (existsSync(join(beside, 'swagger-ui-bundle.js'))) return beside;
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

export function referencePageRoutes() {
  const kept = new Map<SwaggerUiFile, string>();
  const fileText = (name: SwaggerUiFile) => {
    let text = kept.get(name);
    if (text === undefined) {
      text = readFileSync(join(swaggerUiDirectory(), name), 'utf8');
      kept.set(name, text);
    }
    return text;
  };
  const pageHeaders = { ...documentSecurityHeaders, 'Content-Security-Policy': referencePageCsp, 'Cache-Control': 'no-cache' };
  // The assets change only with a release (a new swagger-ui-dist): a day in caches is safe.
  const assetHeaders = (contentType: string) => ({ 'Content-Type': contentType, 'Cache-Control': 'public, max-age=86400' });

  const routes = new Hono()
    .get(referencePagePath, (c) => c.html(page, 200, pageHeaders))
    .get(`${assetsPath}/start.js`, (c) => c.body(startScript, 200, assetHeaders('text/javascript; charset=utf-8')));
  // One static path per file (no `:file{a|b}` pattern): a regex path would make Hono's router give
  // way to a slower one for every route of the app.
  for (const [name, contentType] of Object.entries(swaggerUiFiles) as Array<[SwaggerUiFile, string]>) {
    routes.get(`${assetsPath}/${name}`, (c) => c.body(fileText(name), 200, assetHeaders(contentType)));
  }
  return routes;
}
