// This tab's sessionStorage (gone with the tab), for what the checkout keeps across the hosted page,
// Back and reloads. Storage may be off (privacy mode, a sandboxed frame) or full: then nothing is
// kept and the checkout still works, it just starts over.

export function readTab(key: string): string | undefined {
  try {
    return sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Writes `value`, or removes the key when it is undefined. */
export function writeTab(key: string, value: string | undefined): void {
  try {
    if (value === undefined) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // not kept
  }
}
