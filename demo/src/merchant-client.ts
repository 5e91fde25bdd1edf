// The back office's calls to the BFF's merchant API, straight from the browser (CORS allows the
// demo's origin). The secret lives in this tab's sessionStorage only, never in the page source.
import type { Problem } from '../../contract/bff-api.ts';

const secretKey = 'svc-merchant-secret';

export class MerchantApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(problem?.detail ?? `HTTP ${status}`);
  }
}

export function storedSecret(): string | null {
  return sessionStorage.getItem(secretKey);
}

export function storeSecret(secret: string | null): void {
  if (secret === null) sessionStorage.removeItem(secretKey);
  else sessionStorage.setItem(secretKey, secret);
}

export class MerchantClient {
  constructor(
    private readonly bffUrl: string,
    private readonly secret: string,
  ) {}

  /** `idempotencyKey`: POSTs need one; the caller makes it once per intended operation. */
  async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, options: { body?: unknown; idempotencyKey?: string } = {}): Promise<T> {
    const text = await this.send(method, path, options);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A GET whose answer is not JSON (the settlement CSV): its text as sent. */
  text(path: string, accept: string): Promise<string> {
    return this.send('GET', path, { accept });
  }

  private async send(method: 'GET' | 'POST' | 'DELETE', path: string, options: { body?: unknown; idempotencyKey?: string; accept?: string }): Promise<string> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.secret}` };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    if (options.accept) headers.Accept = options.accept;
    let response: Response;
    try {
      response = await fetch(this.bffUrl + path, {
        method,
        headers,
        cache: 'no-store',
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
    } catch {
      throw new MerchantApiError(0, undefined);
    }
    const text = await response.text();
    if (!response.ok) {
      let problem: Problem | undefined;
      try {
        problem = JSON.parse(text) as Problem;
      } catch {
        problem = undefined;
      }
      throw new MerchantApiError(response.status, problem);
    }
    return text;
  }
}
