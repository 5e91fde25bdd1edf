/**
 * The widget's lazily loaded parts, fetched next to the script that defined the element:
 * - `checkout-rules.js`: an ES module with the contract's zod-based code (address schemas, status
 *   token reading) and the payment flow (widget/checkout-flow.ts), ~11 kB gzip with its chunks,
 *   which the first bundle cannot afford;
 * - `subdivisions/XX.json`: one country's ISO 3166-2 subdivisions (the whole table is ~50 kB gzip);
 * - `postcodes/XX.json`: one country's postal code pattern (every country's is ~2 kB gzip);
 * - `locale-XX.js`: the translations other than English, for the page's language only;
 * - `phone-validator.js`: an ES module with libphonenumber's code, and `phone-metadata/XX.json`:
 *   one country's phone metadata (the whole table is ~25 kB gzip);
 * - `invoice-details.js`: the electronic invoice form, only for sessions that offer one;
 * - `method-choice.js`: the card / SINPE Móvil radio group, only when the session offers SINPE Móvil;
 * - `sinpe-panel.js`: the SINPE Móvil panel (<svc-sinpe-panel>), only when a transfer is open;
 * - `order-watch.js`: the status poller and the result panel, once a payment started or ended;
 * - `decline-messages/<es|en|pt-BR>.json`: the page language's decline and cancel messages, only
 *   when an attempt was declined or cancelled;
 * - `territory/CR.json` and `territory-fields.js`: Costa Rica's provincia → cantón → distrito table
 *   and its selects, only when the shopper picks Costa Rica.
 *
 * The same URLs work for the ES build (import.meta.url is the module), for the IIFE build (which
 * has no import.meta: document.currentScript.src stands in, and it only exists while the script
 * first runs, so it is read here, at evaluation) and from source under web-test-runner (its config
 * serves these paths from widget/lazy/ and contract/). Fetching JSON and importing a same-origin module
 * need no inline script, eval or inline style, so a strict CSP holds.
 */
import type { Subdivision } from '../contract/iso-subdivisions.ts';
import type { DeclineCategory, DeclineLocale } from '../contract/decline-messages.ts';
import type * as CheckoutRules from './lazy/checkout-rules.ts';
import type { PhoneMetadata, PhoneValidatorModule } from './lazy/phone-validator.ts';
import type { PartialTranslation, Translation } from './i18n/translation.ts';
import type * as InvoiceDetails from './lazy/invoice-details.ts';
import type * as MethodChoice from './lazy/method-choice.ts';
import type * as OrderWatch from './lazy/order-watch.ts';
import type * as SinpePanel from './lazy/sinpe-panel.ts';
import type { PanelKit } from './sinpe/sinpe-panel.ts';
import type { TerritorialDivision } from '../contract/cr-territory.ts';
import type * as TerritoryFields from './lazy/territory-fields.ts';

export type CheckoutRulesModule = typeof CheckoutRules;
export type OrderWatchModule = typeof OrderWatch;

export type { Subdivision };

/** postcodes/XX.json (widget/lazy/postcode-files.ts writes it): a pattern read back with `new RegExp(source, flags)`. */
export interface PostcodeFile {
  source: string;
  flags: string;
}

// The IIFE build turns import.meta into {}: the script's own src is read instead, while it runs.
const moduleUrl = import.meta.url ?? (document.currentScript as HTMLScriptElement | null)?.src ?? document.baseURI;
const assetBase = new URL('./', moduleUrl);

const loads = new Map<string, Promise<unknown>>();

/** A JSON file next to the widget. `notFound` (when given) stands for a 404. */
function loadJsonFile<T>(path: string, notFound?: T): Promise<T> {
  return once(path, () =>
    fetch(new URL(path, assetBase)).then((response) => {
      if (response.status === 404 && notFound !== undefined) return notFound;
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return response.json() as Promise<T>;
    }),
  );
}

/** `<folder>/XX.json`: one country's file; `empty` stands for a code that is no country. */
function loadCountryFile<T>(folder: string, country: string, empty: T, notFound?: T): Promise<T> {
  return /^[A-Z]{2}$/.test(country) ? loadJsonFile(`${folder}/${country}.json`, notFound) : Promise.resolve(empty);
}

/** One language's decline and cancel messages, by category. */
export function loadDeclineMessages(language: DeclineLocale): Promise<Record<DeclineCategory, string>> {
  return loadJsonFile(`decline-messages/${language}.json`);
}

/** One country's subdivisions. */
export function loadSubdivisions(country: string): Promise<Subdivision[]> {
  return loadCountryFile<Subdivision[]>('subdivisions', country, []);
}

/** One country's phone metadata (phone-metadata/XX.json); null for a country libphonenumber does not know. */
export function loadPhoneMetadata(country: string): Promise<PhoneMetadata | null> {
  return loadCountryFile<PhoneMetadata | null>('phone-metadata', country, null, null);
}

/** One country's postal code format (postcodes/XX.json); null for a country that has none. */
export function loadPostcodeFormat(country: string): Promise<RegExp | null> {
  return loadCountryFile<PostcodeFile | null>('postcodes', country, null).then((file) => file && new RegExp(file.source, file.flags));
}

export function loadPhoneValidator(): Promise<PhoneValidatorModule> {
  return loadPart('phone-validator.js');
}

/** `invoice-details.js`: the electronic invoice form, only for sessions that offer one. */
export function loadInvoiceDetails(): Promise<typeof InvoiceDetails> {
  return loadPart('invoice-details.js');
}

/** A translation module (locale-es.js, locale-es-419.js, locale-pt-BR.js). */
export function loadLocaleModule(tag: string): Promise<{ translation: Translation | PartialTranslation }> {
  return loadPart(`locale-${tag}.js`);
}

export function loadCheckoutRules(): Promise<CheckoutRulesModule> {
  return loadPart('checkout-rules.js');
}

/** `method-choice.js`: the card / SINPE Móvil choice, only when the session offers SINPE Móvil. */
export function loadMethodChoice(): Promise<typeof MethodChoice> {
  return loadPart('method-choice.js');
}

export function loadOrderWatch(): Promise<OrderWatchModule> {
  return loadPart('order-watch.js');
}

/** Defines <svc-sinpe-panel> on the Lit of `kit`, the element's own. */
export function loadSinpePanel(kit: PanelKit): Promise<void> {
  return loadPart<typeof SinpePanel>('sinpe-panel.js').then((module) => module.defineSinpePanel(kit));
}

/** A lazily loaded part did not arrive (after its retry). */
export class AssetLoadError extends Error {
  constructor(cause: unknown) {
    super(`a part of the checkout did not load: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

function loadPart<T>(fileName: string): Promise<T> {
  return once(fileName, () => importModule<T>(fileName));
}

/** Each file is asked once per page; a failed load is forgotten, so it may be retried. */
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let loading = loads.get(key) as Promise<T> | undefined;
  if (!loading) {
    loading = load();
    loading.catch(() => loads.delete(key));
    loads.set(key, loading);
  }
  return loading;
}

/**
 * A lazy part is asked twice before the widget gives up (svc-error `asset-load`): a dropped
 * connection on a phone is common. The second ask has its own URL, because the browser keeps a
 * failed module import in its module map.
 */
let retries = 0;

function importModule<T>(fileName: string): Promise<T> {
  const url = new URL(fileName, assetBase);
  // A computed specifier: the bundler must leave it alone, the browser resolves it at run time.
  return (import(/* @vite-ignore */ url.href) as Promise<T>).catch(() => {
    // Each retry its own URL: the shopper's "Try again" after a failure must ask the network again.
    url.searchParams.set('retry', String((retries += 1)));
    return import(/* @vite-ignore */ url.href) as Promise<T>;
  });
}

/** `territory-fields.js`: Costa Rica's address selects, loaded with its territory file. */
export function loadTerritoryFields(): Promise<typeof TerritoryFields> {
  return loadPart('territory-fields.js');
}

/** A country's division below its subdivisions (territory/XX.json: Costa Rica's cantones and distritos); null where there is none. */
export function loadTerritory(country: string): Promise<TerritorialDivision | null> {
  return loadCountryFile<TerritorialDivision | null>('territory', country, null, null);
}
