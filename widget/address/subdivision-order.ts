import type { Subdivision } from '../../contract/iso-subdivisions.ts';

// Sorting a country's list once per locale: it is read on every render.
const sorted = new WeakMap<readonly Subdivision[], { locale: string; list: Subdivision[] }>();

/**
 * A country's subdivisions in the shopper's alphabetical order (Intl.Collator: "Alabama, Alaska,
 * American Samoa, Arizona"), not the ISO table's order by code.
 */
export function sortedSubdivisions(list: readonly Subdivision[] | undefined, locale: string): Subdivision[] | undefined {
  if (!list) return undefined;
  const cached = sorted.get(list);
  if (cached?.locale === locale) return cached.list;
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const ordered = [...list].sort((a, b) => collator.compare(a.name, b.name));
  sorted.set(list, { locale, list: ordered });
  return ordered;
}
