// An upstream's free text (an error message) is logged and may reach the merchant's browser, and
// an upstream may echo what it was sent. The secrets we sent never travel on in it.
// Found by test/reliability/secrets.spec.ts (a gateway or bank message echoing a credential).
export function withoutSecrets(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let scrubbed = text;
  for (const secret of secrets) {
    // Very short values would blank out ordinary words; real credentials are long.
    if (secret && secret.length >= 6) scrubbed = scrubbed.split(secret).join('[redacted]');
  }
  return scrubbed;
}
