// What the demo server tells its pages: written into the storefront's page as a <meta>
// (demo/page-config.ts), else GET /config.json; never an inline script, so the CSP can forbid it.
export interface DemoConfig {
  bffUrl: string;
  sandboxUrl: string | null;
}

/** The config the demo server wrote into the page (demo/page-config.ts), when it did. */
export function pageConfig(): DemoConfig | undefined {
  const content = document.querySelector<HTMLMetaElement>('meta[name="svc-demo-config"]')?.content;
  return content ? (JSON.parse(content) as DemoConfig) : undefined;
}

export async function loadDemoConfig(): Promise<DemoConfig> {
  const written = pageConfig();
  if (written) return written;
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  return (await response.json()) as DemoConfig;
}

/** Fills every `[data-text]` element from a dictionary of the page's words. */
export function applyTexts(root: ParentNode, text: (key: string) => string | undefined): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-text]')) {
    const value = text(element.dataset.text ?? '');
    if (value !== undefined) element.textContent = value;
  }
}
