// Which language the back office speaks, chosen as the widget chooses its own: the shopper-facing
// choice made in the demo (the storefront's language menu, which it passes to the widget), else the
// browser's language, through resolveLocale and languageChain (contract/, the widget's own: es-CR → es-419 → es → en).
import { languageChain, resolveLocale } from '../../../contract/language-chain.ts';
import { enMessages, esMessages, ptBRMessages, type BackOfficeMessages } from './messages.ts';
import { es, ptBR, type Phrases } from './phrases.ts';
import { enRefusals, esRefusals, ptBRRefusals, type RefusalWords } from './refusal-words.ts';

/** The storefront's key: one choice for the whole demo. */
const localeChoiceKey = 'svc-demo-locale';

export const languageOptions = [
  { value: 'en', name: 'English', lang: 'en' },
  { value: 'es-CR', name: 'Español (Costa Rica)', lang: 'es-CR' },
  { value: 'pt-BR', name: 'Português (Brasil)', lang: 'pt-BR' },
] as const;

interface Language {
  /** The tag the words are written in. */
  lang: string;
  phrases: Phrases;
  messages: BackOfficeMessages;
  refusals: RefusalWords;
}

const languages: Record<string, Language> = {
  en: { lang: 'en', phrases: {}, messages: enMessages, refusals: enRefusals },
  es: { lang: 'es', phrases: es, messages: esMessages, refusals: esRefusals },
  'pt-BR': { lang: 'pt-BR', phrases: ptBR, messages: ptBRMessages, refusals: ptBRRefusals },
};

let tag = resolveLocale(storedChoice(), navigator.language);
let language = languageOf(tag);

function storedChoice(): string | null {
  try {
    return localStorage.getItem(localeChoiceKey);
  } catch {
    return null;
  }
}

function languageOf(locale: string): Language {
  for (const key of languageChain(locale)) {
    const found = languages[key];
    if (found) return found;
  }
  return languages.en!;
}

/** The BCP 47 tag for formatting and for `lang`: the chosen one when its language is the one shown. */
export function currentLocale(): string {
  return new Intl.Locale(tag).language === new Intl.Locale(language.lang).language ? tag : language.lang;
}

/** The chosen menu value (the storefront's list), or the closest one. */
function menuValue(): string {
  const exact = languageOptions.find((option) => option.value === tag);
  return exact?.value ?? languageOptions.find((option) => new Intl.Locale(option.lang).language === new Intl.Locale(language.lang).language)?.value ?? 'en';
}

/** A phrase in the current language; the English itself when it has no translation. */
export function tr(english: string): string {
  return language.phrases[english] ?? english;
}

export function messages(): BackOfficeMessages {
  return language.messages;
}

/** What a refusal or a failure of the BFF says (failure-text.ts). */
export function refusalWords(): RefusalWords {
  return language.refusals;
}

const textOriginals = new WeakMap<Node, string>();
const attributeOriginals = new WeakMap<Element, Map<string, string>>();
const translatedAttributes = ['placeholder', 'aria-label', 'title'] as const;

function translateText(node: Text): void {
  const original = textOriginals.get(node) ?? node.data.trim();
  if (!(original in es)) return;
  textOriginals.set(node, original);
  const [, before = '', after = ''] = /^(\s*)[\s\S]*?(\s*)$/.exec(node.data) ?? [];
  node.data = `${before}${tr(original)}${after}`;
}

function translateAttributes(element: Element): void {
  for (const name of translatedAttributes) {
    const originals = attributeOriginals.get(element) ?? new Map<string, string>();
    const original = originals.get(name) ?? element.getAttribute(name);
    if (original === null || !(original in es)) continue;
    originals.set(name, original);
    attributeOriginals.set(element, originals);
    element.setAttribute(name, tr(original));
  }
}

/** The page's own text (what backoffice.html says in English) in the current language, and `lang`. */
export function translateDocument(): void {
  document.documentElement.lang = currentLocale();
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text) translateText(node);
    else translateAttributes(node as Element);
  }
}

/** A labelled language menu in the header; `onChange` re-renders what the script drew. */
export function mountLanguageSwitcher(before: Element | null, onChange: () => void): HTMLSelectElement {
  const label = document.createElement('label');
  label.className = 'header-controls';
  const caption = document.createElement('span');
  caption.textContent = 'Language';
  const select = document.createElement('select');
  select.id = 'language';
  for (const option of languageOptions) {
    const element = new Option(option.name, option.value);
    element.lang = option.lang;
    select.append(element);
  }
  select.value = menuValue();
  select.addEventListener('change', () => {
    tag = select.value;
    language = languageOf(tag);
    try {
      localStorage.setItem(localeChoiceKey, tag);
    } catch {
      // storage off: the choice lasts for this page only
    }
    translateDocument();
    onChange();
  });
  label.append(caption, select);
  before?.before(label);
  return select;
}
