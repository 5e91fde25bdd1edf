// "Did you mean ana@example.com?": the e-mail domains shoppers mistype most, a small table rather
// than a distance search, so that a rare real domain (gmx.com, yahoo.co.uk) is never "corrected".
// A suggestion is only a hint beside the field: it never blocks the submit.

/** Whole domains typed for another: the big free providers of the region. */
const domainTypos: Readonly<Record<string, string>> = {
  'gmial.com': 'gmail.com',
  'gmai.com': 'gmail.com',
  'gmal.com': 'gmail.com',
  'gamil.com': 'gmail.com',
  'gnail.com': 'gmail.com',
  'gmaill.com': 'gmail.com',
  'gmail.co': 'gmail.com',
  'hotmial.com': 'hotmail.com',
  'hotmal.com': 'hotmail.com',
  'hotmai.com': 'hotmail.com',
  'hotamil.com': 'hotmail.com',
  'hotmil.com': 'hotmail.com',
  'homail.com': 'hotmail.com',
  'yaho.com': 'yahoo.com',
  'yahooo.com': 'yahoo.com',
  'yhoo.com': 'yahoo.com',
  'yahoo.co': 'yahoo.com',
  'outlok.com': 'outlook.com',
  'outllok.com': 'outlook.com',
  'otlook.com': 'outlook.com',
  'icloud.co': 'icloud.com',
  'iclod.com': 'icloud.com',
};

/** Endings typed for `.com` (never `.co`: Colombia's, and real). */
const comTypos: readonly string[] = ['.con', '.cmo', '.ocm', '.vom', '.xom', '.comm', '.cpm'];

/** The address the shopper probably meant, or undefined when `email` looks as intended. */
export function suggestEmail(email: string): string | undefined {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 1 || at === trimmed.length - 1) return undefined;
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1).toLowerCase();
  const known = domainTypos[domain];
  if (known) return `${local}@${known}`;
  const ending = comTypos.find((typo) => domain.endsWith(typo));
  if (!ending) return undefined;
  const fixed = `${domain.slice(0, -ending.length)}.com`;
  return `${local}@${domainTypos[fixed] ?? fixed}`;
}
