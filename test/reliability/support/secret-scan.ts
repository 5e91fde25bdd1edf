// Finds secrets in text: each value as is, and card numbers also with spaces or dashes between digits.

/** Names of the secrets found in `text`; keys starting with "card" are card numbers. */
export function secretsIn(text: string, secrets: Record<string, string>): string[] {
  const digitsOnly = text.replace(/[\s-]/g, '');
  return Object.entries(secrets)
    .filter(([name, value]) => text.includes(value) || (name.startsWith('card') && digitsOnly.includes(value)))
    .map(([name]) => name);
}
