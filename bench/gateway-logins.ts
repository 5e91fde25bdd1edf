// Logins per 1,000 checkouts, counted by the sandbox (the gateway's side of the wire): the BFF
// should log in once and reuse its token (3600 s in the sandbox) for every processPayment. The
// count runs from the BFF's start, so its first (cold) login is included, over at least 1,000
// checkouts: the timed checkout run's, topped up with more fresh sessions when it made fewer.
import type { SandboxControl } from '../sandbox/control-client.ts';
import { postCheckout } from '../test/bff/fixtures/buyer.ts';
import { createSessions, type FreshSession } from './session-creation.ts';

export const checkoutsPerFigure = 1000;

export interface LoginFigure {
  logins: number;
  /** processPayment calls the gateway received from this BFF. */
  checkouts: number;
  perThousandCheckouts: number;
}

export interface LoginCount {
  bffUrl: string;
  sandbox: SandboxControl;
  /** Logins the sandbox had seen before this BFF started. */
  loginsBefore: number;
  processPaymentsBefore: number;
  /** Fresh sessions left over from the timed run. */
  unusedSessions: readonly FreshSession[];
}

export async function measureLoginsPerThousandCheckouts(count: LoginCount): Promise<LoginFigure> {
  const processPayments = async () => (await count.sandbox.calls('processPayment')) - count.processPaymentsBefore;
  const missing = checkoutsPerFigure - (await processPayments());
  if (missing > 0) {
    const spare = count.unusedSessions.slice(0, missing);
    const sessions = spare.length < missing ? [...spare, ...(await createSessions(count.bffUrl, missing - spare.length))] : spare;
    let next = 0;
    const worker = async () => {
      for (let session = sessions[next++]; session; session = sessions[next++]) {
        const response = await postCheckout(count.bffUrl, session.sessionToken);
        if (response.status !== 200) throw new Error(`checkout: ${response.status} ${await response.text()}`);
      }
    };
    await Promise.all(Array.from({ length: 10 }, worker));
  }
  const checkouts = await processPayments();
  const logins = (await count.sandbox.calls('login')) - count.loginsBefore;
  return { logins, checkouts, perThousandCheckouts: (logins * 1000) / checkouts };
}
