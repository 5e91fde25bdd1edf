// Before `npm start` runs against a gateway or bank the person configured, it checks that each
// answers at all: an unreachable address stops the start with a message naming its variable,
// instead of the first buyer meeting a 503. Any HTTP answer counts (this is not a readiness check:
// /readyz is, and it keeps watching afterwards).

export interface ConfiguredUpstream {
  variable: string;
  url: string;
}

/** The first message for an upstream that does not answer, or undefined when every one answers. */
export async function firstUnreachable(upstreams: ConfiguredUpstream[], timeoutMs = 5000): Promise<string | undefined> {
  const failures = await Promise.all(upstreams.map(async ({ variable, url }) => {
    try {
      const response = await fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      return undefined;
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (cause?.code ?? cause?.message ?? (error as Error).message);
      return `${variable}: cannot reach ${url} (${reason}). Check the address, or unset ${variable} to use the sandbox.`;
    }
  }));
  return failures.find((failure) => failure !== undefined);
}
