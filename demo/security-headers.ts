// The pages' Content-Security-Policy: scripts and styles only from this origin (no inline), and
// network calls only to this origin and the BFF. The widget's Lit styles are constructable
// stylesheets, which style-src 'self' does not block.
export function originOf(url: string): string {
  return new URL(url).origin;
}

export function contentSecurityPolicy(options: { bffOrigin: string; sandboxOrigin: string | null }): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${options.bffOrigin}`,
    `img-src 'self' data:${options.sandboxOrigin ? ` ${options.sandboxOrigin}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
