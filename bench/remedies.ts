// What in the product would close each target a run can miss, printed next to a MISS. Each line
// comes from looking at the product under the bench's load (see bench/README.md, "Findings").
export const remedies = {
  widgetGzip: 'move more of the first script behind the lazy chunks (dist/widget/checkout-rules.js holds zod and the rules).',
  statusRatio: 'TODO',
  bankRatio: 'TODO',
  bffRss: 'TODO',
  loginsPerThousand: 'cache the gateway token until expires_in and share one login among concurrent callers (bff/gateway).',
  consultsPerInterval: 'claim the per-order consult slot in the store (one row update) before calling consult, so concurrent polls coalesce (bff/orders/status-refresher.ts).',
  lighthousePerformance: 'TODO',
  lighthouseAccessibility: 'fix the failed accessibility audits listed under lighthouse (demo/public, widget).',
} as const;
