/**
 * The widget's lazily loaded parts. Each is a static `import('./lazy/<part>.ts')` of the same module
 * graph, so every bundler (Vite, webpack, Rollup, esbuild) follows it, emits the part and serves it
 * from wherever it puts the rest; the parts import Lit and the element's modules like any module.
 * - `checkout-rules`: the contract's zod-based address rules and the payment flow (widget/checkout-flow.ts),
 *   which the first script cannot afford; loaded at start, before the form shows;
 * - `phone-validator`: libphonenumber's code, for a number its country's plan (widget/phone-plan.ts)
 *   cannot judge: a country sharing its calling code or with a national prefix, or a number not
 *   written plainly (asked by widget/phone-check.ts, inside checkout-rules, through `once`);
 * - `invoice-details`: the electronic invoice form, only for sessions that offer one (asked by
 *   lazy/invoice-details-loader.ts, inside checkout-rules, so the zod code both use stays in the rules' file);
 * - `method-choice`: the card / SINPE Móvil radio group, only when the session offers SINPE Móvil,
 *   with what the flow does when a transfer opens (sinpe/sinpe-transfer.ts; asked by the flow);
 * - `popup-mode`: popup mode's window and its rescue button, asked by the flow at start in popup mode;
 * - `sinpe-panel`: the SINPE Móvil panel (<svc-sinpe-panel>), only when a transfer is open;
 * - `order-watch`: the status poller and the result panel, once a payment started or ended;
 * - `session-clock`: the notice before a session ends, its "Extend" and the words of a session that
 *   ran out (asked by the flow two minutes before the end, never in a purchase made in time);
 * - `locale-XX`: the translations other than English, for the page's language only;
 * - one country's data (generated/countries/XX.js: subdivisions, postal code pattern, phone
 *   metadata) and one language's decline messages (generated/decline-messages/<language>.js), as
 *   modules too (widget/lazy/country-modules.ts writes them);
 * - `territory-fields` and generated/territory/CR.js: Costa Rica's provincia → cantón → distrito
 *   selects and table, only when the shopper picks Costa Rica (asked by costa-rica/territory-hook.ts,
 *   inside checkout-rules, so the first script carries none of it).
 *
 * A part that fails is asked again after an outage is waited out (waitOutOutage: probes with
 * backoff), then stays failed for the page: no render asks the network for it again (a failed part
 * on every render was a request storm), until the shopper's "Try again" (forgetFailedParts).
 */
import type { Subdivision } from '../contract/iso-subdivisions.ts';
import type { DeclineCategory, DeclineLocale } from '../contract/decline-messages.ts';
import type * as CheckoutRules from './lazy/checkout-rules.ts';
import type { PhoneMetadata } from './lazy/phone-validator.ts';
import type { PhonePlan } from './phone-plan.ts';
import type { PartialTranslation, Translation } from './i18n/translation.ts';
import type * as MethodChoice from './lazy/method-choice.ts';
import type * as OrderWatch from './lazy/order-watch.ts';

export type CheckoutRulesModule = typeof CheckoutRules;
export type OrderWatchModule = typeof OrderWatch;

export type { Subdivision };

/** A postal code pattern as data, read back with `new RegExp(source, flags)`. */
export interface PostcodeFile {
  source: string;
  flags: string;
  /** A real code of the country (widget/lazy/postcode-examples.ts), for the message of a wrong one. */
  example?: string;
}

/** A country's postal code pattern, with its example code when there is one. */
export interface PostcodePattern {
  pattern: RegExp;
  example: string | undefined;
}

/** generated/countries/XX.js: what the widget knows of one country. */
export interface CountryDataModule {
  subdivisions: Subdivision[];
  postcode: PostcodeFile | null;
  phone: PhoneMetadata | null;
  phonePlan: PhonePlan | null;
}

/** The languages with a translation module (English is in the first script). */
const localeModules: Record<string, () => Promise<{ translation: Translation | PartialTranslation }>> = {
  es: () => import('./lazy/locale-es.ts'),
  'es-419': () => import('./lazy/locale-es-419.ts'),
  'pt-BR': () => import('./lazy/locale-pt-BR.ts'),
};

/** One language's decline and cancel messages, by category (generated/decline-messages/<language>.js). */
export function loadDeclineMessages(language: DeclineLocale): Promise<Record<DeclineCategory, string>> {
  return once(`decline-messages/${language}`, () =>
    import('./lazy/data-modules.ts').then((data) => data.importDeclineMessages(language)).then((module) => module.default),
  );
}

/** One country's data; an empty record for a code that is no country. */
export function loadCountryData(country: string): Promise<CountryDataModule> {
  if (!/^[A-Z]{2}$/.test(country)) return Promise.resolve({ subdivisions: [], postcode: null, phone: null, phonePlan: null });
  return once(`countries/${country}`, () =>
    import('./lazy/data-modules.ts').then((data) => data.importCountryModule(country)).then((module) => module.default),
  );
}

/** One country's subdivisions. */
export function loadSubdivisions(country: string): Promise<Subdivision[]> {
  return loadCountryData(country).then((data) => data.subdivisions);
}

/** One country's postal code format; null for a country that has none. */
export function loadPostcodeFormat(country: string): Promise<PostcodePattern | null> {
  return loadCountryData(country).then(
    (data) => data.postcode && { pattern: new RegExp(data.postcode.source, data.postcode.flags), example: data.postcode.example },
  );
}

/** A translation module (es, es-419, pt-BR); a tag without one is an error, as a failed load is. */
export function loadLocaleModule(tag: string): Promise<{ translation: Translation | PartialTranslation }> {
  const load = localeModules[tag];
  return load ? once(`locale-${tag}`, load) : Promise.reject(new Error(`no translation module for ${tag}`));
}

export function loadCheckoutRules(): Promise<CheckoutRulesModule> {
  return once('checkout-rules', () => import('./lazy/checkout-rules.ts'));
}

/** `method-choice`: the card / SINPE Móvil choice, only when the session offers SINPE Móvil. */
export function loadMethodChoice(): Promise<typeof MethodChoice> {
  return once('method-choice', () => import('./lazy/method-choice.ts'));
}

export function loadOrderWatch(): Promise<OrderWatchModule> {
  return once('order-watch', () => import('./lazy/order-watch.ts'));
}

/** Defines <svc-sinpe-panel>. */
export function loadSinpePanel(): Promise<void> {
  return once('sinpe-panel', () => import('./lazy/sinpe-panel.ts')).then((module) => module.defineSinpePanel());
}

/** A lazily loaded part did not arrive (after its retries). */
export class AssetLoadError extends Error {
  constructor(cause: unknown) {
    super(`a part of the checkout did not load: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** How long apart the parts are probed again while they are unreachable: 3 probes over 3.5 s. */
export const partRetryDelaysMs: readonly number[] = [500, 1000, 2000];

/** The timer the retries wait on; a test may put a manual clock here. */
export const retryClock = { wait: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) };

const loads = new Map<string, Promise<unknown>>();

/** Each part is asked once per page; a failure after the retries is kept, not asked again. */
export function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let loading = loads.get(key) as Promise<T> | undefined;
  if (!loading) {
    loading = withRetries(load);
    loads.set(key, loading);
  }
  return loading;
}

/**
 * The parts that fail together (a CDN outage, an app deployed without its chunks) wait out one
 * outage: the first to fail probes again with backoff, the others wait for it, and only once a
 * probe came through does each ask again. So an outage costs each part one request plus three
 * probes in all, however many parts and renders there are.
 */
let outage: Promise<void> | undefined;

function waitOutOutage(probe: () => Promise<unknown>): Promise<void> {
  outage ??= probeWithBackoff(probe).then(() => void (outage = undefined));
  return outage;
}

async function probeWithBackoff(probe: () => Promise<unknown>): Promise<void> {
  for (const delay of partRetryDelaysMs) {
    await retryClock.wait(delay);
    try {
      await probe();
      return;
    } catch {
      // still unreachable: the next probe, later
    }
  }
  throw new Error('the checkout\'s parts stayed unreachable');
}

async function withRetries<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const again = askAgain<T>(error) ?? load;
    await waitOutOutage(again);
    return again();
  }
}

let asks = 0;

/**
 * How to ask again for a part whose import failed. A browser keeps a failed module in its module
 * map, so the same specifier fails again without a request; the URL it names in the error (Chromium
 * and Firefox do) is asked again with a query of its own each time, until one arrives (then that
 * one is kept). The part's own imports keep their URLs, so they stay the page's single copies. A
 * bundler's loader (webpack) forgets a failed chunk by itself, and an error naming no URL leaves the
 * same import to be tried again.
 */
function askAgain<T>(error: unknown): (() => Promise<T>) | undefined {
  const failed = /(https?:\/\/[^\s'"]+?\.(?:m?js|ts))(?:\?[^\s'"]*)?(?=$|[\s'"])/.exec(error instanceof Error ? error.message : '');
  if (!failed) return undefined;
  const url = new URL(failed[1]!);
  let arrived: Promise<T> | undefined;
  return () => {
    if (arrived) return arrived;
    url.searchParams.set('retry', String((asks += 1)));
    const asking = import(/* @vite-ignore */ /* webpackIgnore: true */ url.href) as Promise<T>;
    asking.then(() => (arrived = asking), () => undefined);
    return asking;
  };
}

/** The shopper's "Try again": the parts that failed may be asked again. */
export function forgetFailedParts(): void {
  outage = undefined;
  for (const [key, loading] of loads) loading.catch(() => loads.delete(key));
}
