// What the widget e2e specs do on a storefront page: open it on the demo origin (whose /widget/ is
// the built widget and which the e2e BFF allows), watch for CSP violations, fill the checkout.
import { expect, type Page } from '@playwright/test';
import { startAppServer } from './app-server.ts';
import type { RunningServer } from '../../../node/serve-app.ts';
import { e2ePorts } from './e2e-ports.ts';

/** The e2e stack's fixed ports (playwright.e2e.config.ts). */
export const e2eBffUrl = `http://127.0.0.1:${e2ePorts.BFF_PORT}`;
export const e2eSandboxUrl = `http://127.0.0.1:${e2ePorts.SANDBOX_PORT}`;

export async function startShop(): Promise<RunningServer> {
  return startAppServer(e2eBffUrl);
}

/** Serves the demo origin's /__e2e/* from the app server, headers (the CSP) included. */
export async function routeShop(page: Page, shop: RunningServer, baseURL: string): Promise<void> {
  // A routed document has no IP address, so Chromium files it under the public address space and
  // asks permission before it reaches the loopback BFF. Granted here: in production the storefront
  // and the BFF are both public, and this check never comes up.
  await page.context().grantPermissions(['local-network-access'], { origin: baseURL });
  await page.route(`${baseURL}/__e2e/**`, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${shop.url}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

/**
 * Every CSP violation the storefront's own document reports (securitypolicyviolation events, by
 * an init script that the policy cannot block) and every console line about one.
 */
export async function recordCspViolations(page: Page, baseURL: string): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__svcReportViolation', (text: string) => violations.push(text));
  await page.addInitScript((origin) => {
    if (location.origin !== origin) return;
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __svcReportViolation(text: string): void }).__svcReportViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  }, new URL(baseURL).origin);
  page.on('console', (message) => {
    const fromShop = message.location().url.startsWith(baseURL) || page.url().startsWith(baseURL);
    if (fromShop && /Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => violations.push(`pageerror: ${error.message}`));
  return violations;
}

export interface ShopperDetails {
  labels: { firstName: string; lastName: string; email: string; country: string; state: string; city: string; zip: string; address: string; telephone: string };
  pay: RegExp;
}

export const englishLabels: ShopperDetails['labels'] = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  country: 'Country',
  state: 'Province',
  city: 'Canton',
  zip: 'District (optional)',
  address: 'Directions (otras señas)',
  telephone: 'Phone',
};

/** The same labels on an es-CR page. */
export const spanishLabels: ShopperDetails['labels'] = {
  firstName: 'Nombre',
  lastName: 'Apellidos',
  email: 'Correo electrónico',
  country: 'País',
  state: 'Provincia',
  city: 'Cantón',
  zip: 'Distrito (opcional)',
  address: 'Otras señas',
  telephone: 'Teléfono o celular',
};

/** Fills the billing address by label (Playwright's locators pierce the open shadow root). */
export async function fillCheckout(page: Page, labels: ShopperDetails['labels']): Promise<void> {
  const byLabel = (text: string) => page.locator('svc-checkout').getByLabel(text, { exact: true });
  await byLabel(labels.firstName).fill('Ana');
  await byLabel(labels.lastName).fill('Mora');
  await byLabel(labels.email).fill('ana.mora@example.com');
  await byLabel(labels.country).selectOption('CR');
  await expect(byLabel(labels.state)).toBeEnabled();
  await byLabel(labels.state).selectOption('CR-SJ');
  // Costa Rica's cantón and distrito are selects whose options come with the level above.
  await byLabel(labels.city).selectOption('San José');
  await byLabel(labels.zip).selectOption('10101');
  await byLabel(labels.address).fill('Avenida Central 100');
  await byLabel(labels.telephone).fill('8312 3456');
}
