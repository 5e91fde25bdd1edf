// What in the product would close each target a run can miss, printed next to a MISS. Each line
// comes from looking at the product under the bench's own load (CPU profiles taken with
// BENCH_CPU_PROFILE_DIR, memory read from /proc): see bench/README.md, "Findings".
export const remedies = {
  widgetGzip:
    'done: non-English words, phone metadata per country, the packed country list, the status poller, result panel and English outcome words in order-watch.js, minified stylesheets, no decorators, ' +
    "the payment flow (session loading, kept form, payment, order watch, retries, SINPE Móvil, the origin check) in checkout-rules.js, " +
    "the order summary, address fieldsets, country list and country data in checkout-rules.js (the form waits for it anyway); left if it grows again: the skeleton and the status line are what remains of the element's own rendering.",
  purchaseGzip:
    'done: postal code patterns per country, no bff-api.ts schemas or invoice schema in checkout-rules.js, decline words per language, libphonenumber es6-modern, ' +
    "unused zod schemas dropped (zod calls pure), zod and the e-mail hint in the rules' file, the country table keyed by file name, the packed Costa Rican tree, terser after Oxc (-0.82 kB), " +
    "the territory per provincia, popup mode and English's outcome words in parts of their own, a Costa Rican number judged by its country's plan without libphonenumber's code (-6.4 kB), " +
    "the address checked by contract/address-rules.ts's plain functions instead of zod (-5.06 kB), and the invoice's fields too (zod in no widget file); " +
    "left: Costa Rica's division attribution text in territory/CR.js (~0.45 kB, read by no browser code).",
  statusRatio:
    "done: Hono's own cors and secureHeaders on every route (no lane around them), verified tokens kept, Kysely compiled once, RegExpRouter, a final order's answer kept a second with its ETag, " +
    'and the browser revalidating it (If-None-Match → 304, no body); on a busy machine the ratio falls (a second BFF or other jobs on the 2 cores): run the bench on a quiet machine.',
  bankRatio:
    'below the floor on this machine: a bare Hono app doing only decrypt + validate + durable insert of the same deliveries measures 0.08–0.09× (the bank floor figures; ' +
    'a bare POST only reading them ~0.45×), and the BFF with its worker held back reaches about 0.8× of that floor (0.76–0.87× over the last runs, bench/README.md). Done: group commit, worker batches, node:crypto AES-GCM, Buffer base64, ' +
    'the insert compiled once, the due-events index (255 → ~2,000 req/s with the worker since the speed work began). The worker on the same event loop halves it (~300 µs per event); ' +
    'INBOX_WORKER=false + npm run start:worker takes it off the loop (the third bank figure). Reaching 0.2× needs cheaper durable storage than SQLite with an fsync per group, or more cores.',
  bffRss:
    'run it as npm run start:bff does: bundled (scripts/build-bff.mjs) on plain node with --max-semi-space-size=2 (tsx alone costs ~70 MB; the default young generation ~30 MB more under load).',
  loginsPerThousand: 'cache the gateway token until expires_in and share one login among concurrent callers (bff/gateway).',
  consultsPerInterval: 'claim the per-order consult slot in the store before calling consult, so concurrent polls coalesce (bff/payments/orders/status-refresher.ts).',
  lighthousePerformance:
    'CLS ≈ 0.2 costs it: on a phone the catalog sits above the cart and /catalog.json fills it after the first paint, pushing aside.cart down; ' +
    'render the product list into index.html on the demo server (it has the catalog) or reserve its height. With CLS at 0 the same run scores ≈ 0.98 (CLS weighs 25%).',
  lighthouseAccessibility: 'fix the failed accessibility audits listed under lighthouse (demo/public, widget).',
} as const;
