// The words of Costa Rica's address fields (provincia → cantón → distrito, otras señas), per language.
export interface TerritoryText {
  provincia: string;
  canton: string;
  distrito: string;
  chooseCanton: string;
  chooseDistrito: string;
  /** Costa Rican addresses are described, not numbered: the street line. */
  otrasSenas: string;
}

const es: TerritoryText = {
  provincia: 'Provincia',
  canton: 'Cantón',
  distrito: 'Distrito',
  chooseCanton: 'Elija un cantón',
  chooseDistrito: 'Elija un distrito',
  otrasSenas: 'Otras señas',
};

const en: TerritoryText = {
  provincia: 'Province',
  canton: 'Canton',
  distrito: 'District',
  chooseCanton: 'Choose a canton',
  chooseDistrito: 'Choose a district',
  otrasSenas: 'Directions (otras señas)',
};

const ptBR: TerritoryText = {
  provincia: 'Província',
  canton: 'Cantão',
  distrito: 'Distrito',
  chooseCanton: 'Escolha um cantão',
  chooseDistrito: 'Escolha um distrito',
  otrasSenas: 'Indicações (otras señas)',
};

/** By language, as localize.ts's fallback chain ends for these three (es-CR → es, pt → pt-BR, else en). */
export function territoryTextFor(tag: string): TerritoryText {
  const language = tag.toLowerCase().split('-')[0];
  return language === 'es' ? es : language === 'pt' ? ptBR : en;
}
