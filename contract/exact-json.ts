/** Where a JSON number of 16 digits or more may start (see parseJsonExact). */
const mayHoldLongInteger = /(?:^|[:,[])\s*-?\d{16}/;

/**
 * JSON.parse that keeps integers beyond 2^53 exact. The bank's ids are int64 (banking-webhooks.md;
 * gateway-facts.md "Reading the gateway's and the bank's answers": "read it from the raw text,
 * keep it as a string"): such an integer, written as a bare JSON number, comes back as a string
 * of its digits. Every other value parses as JSON.parse would. Node 20's JSON.parse cannot show
 * a reviver the source text, so the digits are quoted before parsing, outside strings only.
 */
export function parseJsonExact(text: string): unknown {
  // Fast path: no integer can be unsafe without a run of 16 digits where a JSON number can start (the
  // text's start, or after `:`, `,` or `[` and any whitespace). Digit runs inside strings (account
  // numbers, IBANs) follow a quote or a letter and no longer send every bank event down the slow path.
  if (!mayHoldLongInteger.test(text)) return JSON.parse(text);
  let quoted = '';
  let copiedUpTo = 0;
  for (let i = 0; i < text.length; ) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      i++;
      while (i < text.length && text.charCodeAt(i) !== 0x22) i += text.charCodeAt(i) === 0x5c /* \ */ ? 2 : 1;
      i++;
      continue;
    }
    if (ch === 0x2d /* - */ || (ch >= 0x30 && ch <= 0x39)) {
      let end = i + 1;
      while (end < text.length && /[0-9.eE+-]/.test(text.charAt(end))) end++;
      const token = text.slice(i, end);
      if (/^-?\d{16,}$/.test(token) && !Number.isSafeInteger(Number(token))) {
        quoted += `${text.slice(copiedUpTo, i)}"${token}"`;
        copiedUpTo = end;
      }
      i = end;
      continue;
    }
    i++;
  }
  return JSON.parse(quoted + text.slice(copiedUpTo));
}
