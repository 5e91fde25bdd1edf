import { createSandbox, type SandboxOptions } from '../../../sandbox/app.ts';
import { sandboxDefaults } from '../../../sandbox/defaults.ts';
import { SandboxControl } from '../../../sandbox/control-client.ts';
import { serveApp } from '../../../node/serve-app.ts';
import type { SandboxState } from '../../../sandbox/state.ts';

export const merchant = sandboxDefaults.merchant;

/** A sandbox on an ephemeral loopback port, with a logged-in gateway caller and the control client. */
export interface SandboxUnderTest {
  url: string;
  state: SandboxState;
  control: SandboxControl;
  /** POST a JSON body to a gateway path with the current bearer token. */
  post(path: string, body: unknown): Promise<Response>;
  get(path: string): Promise<Response>;
  /** Logs in again (after an expiry) and keeps the new token. */
  login(): Promise<string>;
  close(): Promise<void>;
}

export async function startSandboxUnderTest(options: SandboxOptions = {}): Promise<SandboxUnderTest> {
  const { app, control: state } = createSandbox(options);
  const server = await serveApp(app, '127.0.0.1', 0, 'SANDBOX_PORT');
  let token = '';
  const login = async () => {
    const response = await fetch(`${server.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiuser: state.settings.merchant.apiUser, password: state.settings.merchant.apiPassword }),
    });
    token = ((await response.json()) as { access_token: string }).access_token;
    return token;
  };
  await login();
  return {
    url: server.url,
    state,
    control: new SandboxControl(server.url),
    login,
    post: (path, body) =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) }),
    get: (path) => fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } }),
    close: () => server.close(),
  };
}

/** A complete processPayment body (gateway-api.md §4.3) for the demo merchant. */
export function paymentRequest(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    redirect: 'https://merchant.example/return?session=abc',
    key: merchant.apiKey,
    amount: '15000.00',
    currency: 'CRC',
    orderNumber: 'ORD-1',
    capture: '1',
    billToFirstName: 'Ana María',
    billToLastName: 'Solís',
    billToAddress: 'Avenida Central 1',
    billToAddress2: '',
    billToCity: 'San José',
    billToZipPostCode: '10101',
    billToTelephone: '+50688887777',
    billToEmail: 'ana+test@example.com',
    billToState: 'CR-SJ',
    billToCountry: 'CR',
    shipToFirstName: 'Ana María',
    shipToLastName: 'Solís',
    shipToAddress: 'Avenida Central 1',
    shipToAddress2: '',
    shipToCity: 'San José',
    shipToZipPostCode: '10101',
    shipToTelephone: '+50688887777',
    shipToState: 'CR-SJ',
    shipToCountry: 'CR',
    subscription: '0',
    platform: 'svc-checkout-tests',
    hashVersion: 'V2',
    returnData: 'b3JkZXI6T1JELTE=',
    ...overrides,
  };
}

export const cards = {
  approved: '4012000000020071',
  denied: '4012000000020121',
  insufficientFunds: '4112613451591116',
  invalidCvv: '4523080346468525',
  lostStolen: '4549179990476733',
  /** Luhn-valid, not in the test table: approved by the sandbox's rule. */
  otherValid: '4242424242424242',
} as const;
