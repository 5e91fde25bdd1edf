// The demo server writes where the BFF is into the storefront's page, in a <meta> its script reads
// at once: back from the hosted page, the widget goes on the page before any request of the
// storefront's own (on a slow phone a /config.json round trip held the shopper's result back).
// A <meta>, not an inline script: the CSP forbids those.
import type { DemoConfig } from './src/demo-config.ts';
import { escapeHtml } from './escape-html.ts';

export const pageConfigMeta = '<meta name="svc-demo-config" content="" />';

/** The page with its config meta filled. */
export function withPageConfig(page: string, config: DemoConfig): string {
  return page.replace(pageConfigMeta, () => `<meta name="svc-demo-config" content="${escapeHtml(JSON.stringify(config))}" />`);
}
