/**
 * PHP http_build_query with its default RFC 1738 encoding (PHP urlencode): ASCII letters,
 * digits and `-_.` stay, a space becomes `+`, every other UTF-8 byte becomes `%XX`
 * (uppercase hex; `~` and `*` included, unlike encodeURIComponent).
 */
export function phpUrlencode(value: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(value)) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9_.-]/.test(char)) out += char;
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function phpHttpBuildQuery(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([name, value]) => `${phpUrlencode(name)}=${phpUrlencode(value)}`).join('&');
}
