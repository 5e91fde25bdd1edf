// GET /v1/return → 303 to returnUrl#svc-result=<status token>. Free of zod, so the widget's
// lazy parts carry none of contract/bff-api.ts's schemas for it.

/** Name of the fragment parameter that carries the status token back to the merchant page. */
export const resultFragmentParameter = 'svc-result';

/**
 * Reads the order number out of a status token WITHOUT verifying it (the browser cannot; the BFF
 * verifies it on every use). Returns undefined for anything that is not a well-formed token.
 */
export function orderNumberOfStatusToken(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      Array.from(atob(base64), (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const claims: unknown = JSON.parse(json);
    if (typeof claims === 'object' && claims !== null && 'sub' in claims && typeof claims.sub === 'string') {
      return claims.sub;
    }
  } catch {
    // not base64 or not JSON: not a token of ours
  }
  return undefined;
}
