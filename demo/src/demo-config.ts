// What the demo server tells its pages (GET /config.json): fetched by the page's own script, so
// no inline script is needed and the CSP can forbid it.
export interface DemoConfig {
  bffUrl: string;
  sandboxUrl: string | null;
}

export async function loadDemoConfig(): Promise<DemoConfig> {
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
