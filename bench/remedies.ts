// What in the product would close each target a run can miss, printed next to a MISS. Each line
// comes from looking at the product under the bench's own load (CPU profiles taken with
// BENCH_CPU_PROFILE_DIR, memory read from /proc): see bench/README.md, "Findings".
export const remedies = {
  widgetGzip: 'move more of the first script behind the lazy chunks (dist/widget/checkout-rules.js already holds zod and the rules).',
  statusRatio:
    'the store read is a small part of GET /v1/orders/{n}; the profile shows the per-request pino line (wildcard redaction 4 levels deep, a synchronous write: ~20%; LOG_LEVEL=warn measured ≈1.8× the ratio), ' +
    'HS256 verification through WebCrypto (~13%, a third of it re-importing the key per verify: bff/auth/tokens.ts hands jose a Uint8Array; import a CryptoKey once or use node:crypto HMAC), ' +
    'secureHeaders/CORS rewriting an already built Response (~10%: set the fixed headers with c.header() before next()), and Kysely preparing the statement again per query (~5%: cache prepared statements for hot reads).',
  bankRatio:
    'the inbox worker, on the same event loop and the same single Kysely SQLite connection, takes most of the capacity (compare the worker-held-back figure): ' +
    'on SQLite it claims events one UPDATE (one fsync) per event, then commits again to apply each; claim a batch in one UPDATE … WHERE id IN (SELECT … LIMIT n) RETURNING * ' +
    '(SQLite serializes writers, so it is as safe) and apply the batch in one transaction; commit the deliveries that arrive during a commit together ' +
    '(group commit: same durability, one fsync per batch); cache the AES key per secret_ref (contract/bank/codec.ts derives it, SHA-256 + importKey, on every delivery: ~5%).',
  bffRss:
    'the BFF idles near 170 MB before any load: ~30 MB is the tsx loader thread (the bare Hono hello is 57 MB on plain node, ~95 MB under tsx), ~25 MB the modules loaded at start (zod + zod-openapi, kysely, libphonenumber metadata, iso-3166); ' +
    'run it precompiled on plain node, load libphonenumber/iso-3166 lazily, and cap the young generation (NODE_OPTIONS=--max-semi-space-size=2 peaked at 147 MB under this load).',
  loginsPerThousand: 'cache the gateway token until expires_in and share one login among concurrent callers (bff/gateway).',
  consultsPerInterval: 'claim the per-order consult slot in the store before calling consult, so concurrent polls coalesce (bff/orders/status-refresher.ts).',
  lighthousePerformance:
    'CLS ≈ 0.2 costs it: on a phone the catalog sits above the cart and /catalog.json fills it after the first paint, pushing aside.cart down; ' +
    'render the product list into index.html on the demo server (it has the catalog) or reserve its height. With CLS at 0 the same run scores ≈ 0.98 (CLS weighs 25%).',
  lighthouseAccessibility: 'fix the failed accessibility audits listed under lighthouse (demo/public, widget).',
} as const;
