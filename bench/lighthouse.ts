// Lighthouse 12 (default mobile profile, simulated throttling) in Debian's Chromium on the demo
// storefront, served by the demo server as `npm start` serves it (the built widget included).
// The storefront talks to the BFF only when the buyer checks out, so the page audited needs the
// demo alone; the BFF and sandbox URLs are only what its Content-Security-Policy names.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemo } from '../demo/server.ts';
import { chromiumArgs, chromiumExecutable } from '../test/chromium.ts';
import { layoutShiftsOf, type LayoutShift } from './layout-shifts.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
export const lighthouseCategories = ['performance', 'accessibility', 'best-practices'] as const;
export type LighthouseCategory = (typeof lighthouseCategories)[number];

export interface LighthouseFigure {
  url: string;
  scores: Record<LighthouseCategory, number>;
  /** The metrics behind the performance score, in ms (CLS unitless). */
  metrics: Record<string, number>;
  /** Audits that lost points in accessibility or best-practices (id: title). */
  failedAudits: string[];
  /** The elements that moved while the page loaded, when CLS is not 0 (see layout-shifts.ts). */
  layoutShifts: LayoutShift[];
  lighthouseVersion: string;
}

interface LighthouseReport {
  lighthouseVersion: string;
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { title: string; score: number | null; numericValue?: number }>;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

export async function auditPage(url: string): Promise<LighthouseFigure> {
  const outDir = mkdtempSync(join(tmpdir(), 'svc-lighthouse-'));
  try {
    const reportPath = join(outDir, 'report.json');
    const { code, output } = await run(
      join(projectRoot, 'node_modules/.bin/lighthouse'),
      [
        url,
        '--output=json',
        `--output-path=${reportPath}`,
        `--only-categories=${lighthouseCategories.join(',')}`,
        // Not our --disable-features (Playwright's list and ours): chrome-launcher passes its own, and
        // Chromium keeps only the last one given.
        `--chrome-flags=--headless --no-sandbox ${chromiumArgs.filter((arg) => !arg.startsWith('--disable-features=')).join(' ')}`,
        '--quiet',
      ],
      { ...process.env, CHROME_PATH: chromiumExecutable },
    );
    if (code !== 0) throw new Error(`lighthouse exited with ${code}:\n${output.slice(-2000)}`);
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as LighthouseReport;
    const scores = Object.fromEntries(lighthouseCategories.map((id) => [id, report.categories[id]?.score ?? 0])) as Record<LighthouseCategory, number>;
    const metricIds = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
    const metrics = Object.fromEntries(metricIds.map((id) => [id, report.audits[id]?.numericValue ?? Number.NaN]));
    const failedAudits = (['accessibility', 'best-practices'] as const).flatMap((category) =>
      (report.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null && (report.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id}: ${report.audits[ref.id]?.title ?? ''}`),
    );
    const layoutShifts = (metrics['cumulative-layout-shift'] ?? 0) > 0 ? await layoutShiftsOf(url) : [];
    return { url, scores, metrics, failedAudits, layoutShifts, lighthouseVersion: report.lighthouseVersion };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * Serves the demo on an ephemeral port and audits its storefront. With no URLs the page names the
 * BFF of `npm start` (127.0.0.1:8787): nothing on it calls the BFF before a checkout.
 */
export async function auditStorefront(urls: { bffUrl?: string; sandboxUrl?: string } = {}): Promise<LighthouseFigure> {
  const demo = await startDemo({ DEMO_PORT: '0', PUBLIC_BFF_URL: urls.bffUrl, SANDBOX_URL: urls.sandboxUrl });
  try {
    return await auditPage(`${demo.url}/`);
  } finally {
    await demo.close();
  }
}
