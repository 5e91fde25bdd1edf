// POST /v1/sessions as the widget on a static shop calls it (catalog items, allowed Origin): the
// BFF prices the items, inserts the order and signs a session JWT. The sessions it hands out are
// kept: they are the fresh sessions the checkout figure spends.
import type { CreateSessionResponse } from '../contract/bff-api.ts';
import { shopOrigin } from './bench-stack.ts';
import { runRounds, type RoundOptions, type SpeedRun } from './load-run.ts';

export interface FreshSession {
  sessionToken: string;
  orderNumber: string;
}

export interface SessionCreationResult {
  run: SpeedRun;
  sessions: FreshSession[];
}

export const catalogItems = [{ sku: 'CR-COFFEE-500', quantity: 2 }];

export async function measureSessionCreation(bffUrl: string, options: RoundOptions): Promise<SessionCreationResult> {
  const sessions: FreshSession[] = [];
  const run = await runRounds(
    {
    url: `${bffUrl}/v1/sessions`,
    method: 'POST',
    headers: { Origin: shopOrigin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: catalogItems }),
    onResponse: (status, body) => {
      if (status !== 201) return;
      const created = JSON.parse(body) as CreateSessionResponse;
      sessions.push({ sessionToken: created.sessionToken, orderNumber: created.order.orderNumber });
    },
    },
    options,
  );
  return { run, sessions };
}

/** More fresh sessions outside any timed run (to top a pool up), `concurrency` at a time. */
export async function createSessions(bffUrl: string, count: number, concurrency = 10): Promise<FreshSession[]> {
  const sessions: FreshSession[] = [];
  const worker = async () => {
    while (sessions.length < count) {
      const response = await fetch(`${bffUrl}/v1/sessions`, {
        method: 'POST',
        headers: { Origin: shopOrigin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ items: catalogItems }),
      });
      if (response.status !== 201) throw new Error(`POST /v1/sessions: ${response.status} ${await response.text()}`);
      const created = (await response.json()) as CreateSessionResponse;
      sessions.push({ sessionToken: created.sessionToken, orderNumber: created.order.orderNumber });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return sessions.slice(0, count);
}
