// A store that cannot be opened stops the start with a message naming DATABASE_URL: a bare
// "ECONNREFUSED" (pg's AggregateError has no message at all) leaves the operator guessing which of
// the BFF's upstreams is down. The URL is shown without its credentials.

/** The error to stop the start with when the database at `databaseUrl` could not be opened. */
export function databaseOpenError(databaseUrl: string, error: unknown): Error {
  const failure = error as { code?: string; message?: string; errors?: { message?: string }[] };
  const reason = [failure.code, failure.message || failure.errors?.[0]?.message].filter(Boolean).join(': ') || String(error);
  return new Error(`DATABASE_URL: could not open the database at ${withoutCredentials(databaseUrl)} (${reason}). Check the address and that the database is up.`, { cause: error });
}

function withoutCredentials(databaseUrl: string): string {
  if (databaseUrl.startsWith('file:')) return databaseUrl;
  try {
    const url = new URL(databaseUrl);
    url.username = '';
    url.password = '';
    url.search = '';
    return url.toString();
  } catch {
    return 'the configured URL';
  }
}
