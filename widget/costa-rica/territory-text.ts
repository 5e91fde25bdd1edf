// The words of Costa Rica's address fields (provincia → cantón → distrito, otras señas): English's
// here, every other language's in its translation's `territory` (i18n/<tag>/).
import type { TerritoryWords } from '../i18n/feature-words.ts';
import { sectionWords } from '../i18n/localize.ts';

const english: TerritoryWords = {
  provincia: 'Province',
  canton: 'Canton',
  distrito: 'District',
  chooseCanton: 'Choose a canton',
  chooseDistrito: 'Choose a district',
  otrasSenas: 'Directions (otras señas)',
};

/** By the tag's chain (es-CR → es-419 → es → en), as the rest of the form. */
export function territoryTextFor(tag: string): TerritoryWords {
  return sectionWords(tag, 'territory', english);
}
