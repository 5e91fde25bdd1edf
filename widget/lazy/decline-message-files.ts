// Build-time and test-server helper: the shared decline and cancel catalog
// (contract/decline-messages.ts) split per language (decline-messages/<es|en|pt-BR>.json), so a
// page fetches its own language's words, and only when an attempt was declined or cancelled.
import { declineMessages, type DeclineLocale } from '../../contract/decline-messages.ts';

export function declineMessageFile(language: string): string | undefined {
  const words = declineMessages[language as DeclineLocale] as (typeof declineMessages)[DeclineLocale] | undefined;
  return words && JSON.stringify(words);
}

export function declineMessageFiles(): Array<{ fileName: string; source: string }> {
  return Object.keys(declineMessages).map((language) => ({ fileName: `decline-messages/${language}.json`, source: declineMessageFile(language)! }));
}
