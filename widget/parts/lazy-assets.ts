/**
 * The list of the widget's lazily loaded parts, for readers and tests: the code that loads a part
 * imports its facade (widget/parts/<part>.ts) or asks `once` (widget/parts/loader.ts, the retry
 * loader, a leaf) itself, never this list, so no part reaches back through it to the `import()`s of
 * every other (test/contract/widget-import-cycles.spec.ts). Each part is a static
 * `import('../lazy/<part>.ts')` of the same module graph, so every bundler (Vite, webpack, Rollup, esbuild) follows it, emits the part and serves it
 * from wherever it puts the rest; the parts import Lit and the element's modules like any module.
 * - `checkout-rules`: the contract's address rules (plain functions), the payment flow
 *   (widget/flow/checkout-flow.ts) and what the form renders (the summary, the address fieldsets, the
 *   country list), which the first script cannot afford; loaded at start, before the form shows;
 * - `phone-validator`: libphonenumber's code, for a number its country's plan (widget/address/phone-plan.ts)
 *   cannot judge: a country sharing its calling code or with a national prefix, or a number not
 *   written plainly (asked by widget/address/phone-check.ts, inside checkout-rules, through `once`);
 * - `invoice-details`: the electronic invoice form, only for sessions that offer one (asked by
 *   lazy/invoice-details-loader.ts, inside checkout-rules, so what both use stays in the rules' file);
 * - `method-choice`: the card / SINPE Móvil radio group, only when the session offers SINPE Móvil,
 *   with the transfer's own steps (sinpe/sinpe-transfer.ts; asked by the flow, parts/method-choice.ts);
 * - `popup-mode`: popup mode's window and its rescue button, asked by the flow at start in popup mode;
 * - `sinpe-panel`: the SINPE Móvil panel (<svc-sinpe-panel>), only when a transfer is open (asked from inside
 *   method-choice, parts/sinpe-panel.ts);
 * - `order-watch`: the status poller and the result panel, once a payment started or ended;
 * - `retry`: "Try again", the decline's "Pay with SINPE Móvil", and what a refused checkout leads to
 *   (the fields the BFF refused, a catalog session renewed, a failure), asked by the flow on the first
 *   press or refusal (retry/retry-controller.ts);
 * - `resumed-session`: a catalog page's kept open transfer or hosted page read back, only when this tab
 *   kept one (kept/resumed-session.ts, asked by kept/kept-work.ts);
 * - `session-clock`: the notice before a session ends, its "Extend" and the words of a session that
 *   ran out (asked by the flow two minutes before the end, never in a purchase made in time);
 * - `locale-<tag>`: the translations other than English, for the page's language only (each
 *   language's `import('../i18n/<tag>/index.ts')` is one line of widget/i18n/languages.ts);
 * - one country's data (generated/countries/XX.js: subdivisions, postal code pattern, phone
 *   metadata) and one language's decline messages (generated/decline-messages/<language>.js), as
 *   modules too (scripts/widget-data/country-modules.ts writes them at build);
 * - `territory-fields` and generated/territory/CR.js: Costa Rica's provincia → cantón → distrito
 *   selects and table, only when the shopper picks Costa Rica (asked by costa-rica/territory-hook.ts,
 *   inside checkout-rules, so the first script carries none of it).
 *
 * A part that fails is asked again after an outage is waited out, then stays failed for the page,
 * until the shopper's "Try again" (widget/parts/loader.ts).
 */
export { AssetLoadError, forgetFailedParts, once, partRetryDelaysMs, retryClock } from './loader.ts';
export { loadCheckoutRules, type CheckoutRulesModule } from './checkout-rules.ts';
export { loadCountryData, loadDeclineMessages, loadPostcodeFormat, loadSubdivisions, type PostcodePattern } from './country-data.ts';
export { loadLocaleModule } from './locales.ts';
export { loadMethodChoice } from './method-choice.ts';
export { loadOrderWatch, type OrderWatchModule } from './order-watch.ts';
export { loadSinpePanel } from './sinpe-panel.ts';
export { loadInvoiceDetails } from '../lazy/invoice-details-loader.ts';
export type { CountryDataModule, PostcodeFile } from '../lazy/data-modules.ts';
export type { Subdivision } from '../../contract/iso-subdivisions.ts';
