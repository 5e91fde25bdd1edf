// The confirmation a shopper came back with (`#svc-result=<status token>`), kept for this tab
// (sessionStorage) with the page it landed on: shoppers reload to make sure, and phones reload
// discarded tabs, so a reload (or Back/Forward onto that page) shows the result and the order number
// again. A fresh visit of the page (a link, the address bar) is the shopper having left: the form,
// not an old result. The token only reads that one order's status and expires with it.
import { readTab, writeTab } from './tab-storage.ts';

const key = 'svc-checkout:result';

/** How this document was reached (Navigation Timing): only a reload or Back/Forward brings the result back. */
export type NavigationKind = 'navigate' | 'reload' | 'back_forward' | 'prerender';

export function currentNavigationKind(): NavigationKind {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type ?? 'navigate';
}

/**
 * Whether a kept result for `keptPath` is shown again on `path`, reached by `navigation`. Only the
 * checkout that starts with the document counts: one started later on the same document (the
 * shopper went on shopping after the result) is a new checkout, not a reload.
 */
export function showsKeptResult(keptPath: string, path: string, navigation: NavigationKind, startsWithDocument: boolean): boolean {
  return startsWithDocument && keptPath === path && (navigation === 'reload' || navigation === 'back_forward');
}

/** Set by the first checkout of this document (the one its navigation brought). */
let documentStarted = false;

/** The shopper came back to this document with `token`: kept for reloads of `path`. */
export function keepResultToken(path: string, token: string): void {
  documentStarted = true;
  // A path has no spaces (it is percent-encoded), nor has a token.
  writeTab(key, `${token} ${path}`);
}

/** The kept token a checkout starting now on `path` shows again, if any; nothing decided (the first script asks its status early). */
export function keptResultFor(path: string, navigation: NavigationKind): string | undefined {
  const [token, keptPath] = readTab(key)?.split(' ') ?? [];
  return token && keptPath !== undefined && showsKeptResult(keptPath, path, navigation, !documentStarted) ? token : undefined;
}

/** The kept token to show again on `path` now, if any; a kept result that is not shown is forgotten. */
export function keptResultToken(path: string, navigation: NavigationKind): string | undefined {
  const token = keptResultFor(path, navigation);
  documentStarted = true;
  if (!token) forgetResultToken();
  return token;
}

export function forgetResultToken(): void {
  writeTab(key, undefined);
}
