// The webhook endpoint of `npm run events -- listen`, held like a lease: created with an expiry,
// renewed while the listener runs, deleted on every exit the process can catch. A SIGKILL (or a
// power cut) cannot be caught, and then the expiry is what stops the BFF posting to a dead port.

export type MerchantCall = (method: string, path: string, body?: unknown) => Promise<any>;

export interface ListenerEndpoint {
  id: string;
  secret: string;
}

/** Seconds an endpoint lives without renewal: EVENTS_LISTEN_EXPIRY_SECONDS, else 10 minutes. */
export function listenerExpirySeconds(value: string | undefined): number {
  const seconds = Number(value ?? 600);
  if (!Number.isInteger(seconds) || seconds < 1) throw new Error(`EVENTS_LISTEN_EXPIRY_SECONDS: "${value}" is not a whole number of seconds`);
  return seconds;
}

const expiryFrom = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

export async function holdListenerEndpoint(
  merchantCall: MerchantCall,
  registration: { url: string; description: string; eventTypes?: string[] },
  expirySeconds: number,
  onLost: (reason: string) => void,
): Promise<ListenerEndpoint> {
  const endpoint = await merchantCall('POST', '/v1/merchant/webhook-endpoints', { ...registration, expiresAt: expiryFrom(expirySeconds) });
  const path = `/v1/merchant/webhook-endpoints/${endpoint.id}`;
  // A third of the lifetime: two renewals may fail (a BFF restarting) before the endpoint lapses.
  const renewal = setInterval(() => {
    merchantCall('POST', `${path}/expiry`, { expiresAt: expiryFrom(expirySeconds) }).catch((error: Error) => {
      // A 404: it lapsed (the machine slept past its expiry) or someone deleted it. Its secret is
      // gone with it; a new endpoint would need the receiver told a new one, so stop instead.
      if (/\b404\b/.test(error.message)) onLost('the endpoint expired or was deleted');
    });
  }, (expirySeconds * 1000) / 3);
  let removed: Promise<void> | undefined;
  const remove = () => {
    clearInterval(renewal);
    removed ??= merchantCall('DELETE', path).then(
      () => undefined,
      () => undefined,
    );
    return removed;
  };
  const removeThenExit = (code: number) => void remove().finally(() => process.exit(code));
  process.once('SIGINT', () => removeThenExit(0));
  process.once('SIGTERM', () => removeThenExit(0));
  process.once('SIGHUP', () => removeThenExit(0));
  // The loop ran dry (the server closed): delete before the process ends.
  process.once('beforeExit', () => removeThenExit(process.exitCode === undefined ? 0 : Number(process.exitCode)));
  process.once('uncaughtException', (error) => {
    process.stderr.write(`${error.message}\n`);
    removeThenExit(1);
  });
  return { id: endpoint.id, secret: endpoint.secret };
}
