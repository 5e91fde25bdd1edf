// The targets, each judged on the figure measured in this run.
export interface Verdict {
  figure: string;
  measured: string;
  target: string;
  /** null: a figure without a target (shown for context). */
  pass: boolean | null;
  /** When it misses: what in the product would close the gap. */
  remedy?: string;
}

export interface Target {
  figure: string;
  target: string;
  /** The measured value's text, and whether it meets the target. */
  judge(value: number): { measured: string; pass: boolean };
}

const atMost = (limit: number, show: (value: number) => string) => (value: number) => ({ measured: show(value), pass: value <= limit });
const atLeast = (limit: number, show: (value: number) => string) => (value: number) => ({ measured: show(value), pass: value >= limit });
const times = (value: number) => `${value.toFixed(3)}×`;
const score = (value: number) => value.toFixed(2);

export const targets = {
  widgetGzip: { figure: 'widget first IIFE (gzip)', target: '≤ 15 kB', judge: atMost(15_000, (bytes) => `${(bytes / 1000).toFixed(2)} kB`) },
  purchaseGzip: {
    figure: 'Costa Rican card purchase, all widget files (gzip)',
    target: '≤ 35 kB',
    judge: atMost(35_000, (bytes) => `${(bytes / 1000).toFixed(2)} kB`),
  },
  // Every route runs the standard middleware chain; a final order's poll is a browser revalidation (304).
  statusRatio: { figure: 'status endpoint, final order, revalidated', target: '≥ 0.3× baseline', judge: atLeast(0.3, times) },
  bankRatio: { figure: 'bank delivery ingest, durable commit', target: '≥ 0.2× baseline', judge: atLeast(0.2, times) },
  lighthousePerformance: { figure: 'Lighthouse performance', target: '≥ 0.95', judge: atLeast(0.95, score) },
  lighthouseAccessibility: { figure: 'Lighthouse accessibility', target: '1.0', judge: atLeast(1, score) },
  bffRss: { figure: 'BFF peak RSS, bank-delivery load', target: '≤ 150 MB', judge: atMost(150e6, (bytes) => `${(bytes / 1e6).toFixed(1)} MB`) },
  loginsPerThousand: { figure: 'logins per 1,000 checkouts', target: '≤ 1', judge: atMost(1, (value) => value.toFixed(2)) },
  consultsPerInterval: { figure: 'consults per interval, 100 pollers', target: '≤ 1', judge: atMost(1, (value) => value.toFixed(2)) },
} satisfies Record<string, Target>;

export function verdict(target: Target, value: number, remedy?: string): Verdict {
  const { measured, pass } = target.judge(value);
  return { figure: target.figure, measured, target: target.target, pass, ...(pass || !remedy ? {} : { remedy }) };
}

export function informational(figure: string, measured: string): Verdict {
  return { figure, measured, target: '—', pass: null };
}
