import { chromium } from 'playwright-core';
import { startDemo } from '../demo/server.ts';
import { chromiumArgs, chromiumExecutable } from '../test/chromium.ts';
const demo = await startDemo({ DEMO_PORT: '0', PUBLIC_BFF_URL: 'http://127.0.0.1:9', SANDBOX_URL: 'http://127.0.0.1:9' });
const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
await page.addInitScript(() => {
  (window as any).__shifts = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries() as any[]) (window as any).__shifts.push({ value: e.value, t: e.startTime, sources: e.sources.map((s: any) => ({ node: s.node ? (s.node.id || s.node.className || s.node.nodeName) + ' ' + (s.node.outerHTML||'').slice(0,120) : null, prev: JSON.stringify(s.previousRect), cur: JSON.stringify(s.currentRect) })) }); }).observe({ type: 'layout-shift', buffered: true });
});
await page.goto(demo.url + '/');
await page.waitForTimeout(3000);
console.log(JSON.stringify(await page.evaluate(() => (window as any).__shifts), null, 1));
await browser.close(); await demo.close();
