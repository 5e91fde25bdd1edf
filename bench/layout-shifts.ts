// Which elements moved while a page loaded, seen by Chromium's own layout-shift entries at
// Lighthouse's mobile size. Lighthouse 12's "layout-shifts" audit fails in Debian's Chromium here
// (its trace engine cannot read the screenshots), so a CLS that costs points is explained this way.
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../test/chromium.ts';

export interface LayoutShift {
  /** The shift's score (its share of CLS). */
  value: number;
  /** The elements that moved: tag, id and classes. */
  elements: string[];
}

/**
 * Lighthouse's default mobile screen size (Moto G Power). Without Playwright's isMobile, which
 * here hid the shift Lighthouse measured; with it off the probe finds the same CLS to the digit.
 */
const mobileScreen = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 };

/**
 * Lighthouse's mobile network and CPU (slow 4G, 4× CPU), applied for real: unthrottled on
 * loopback, a fetch after load can land before the first paint and the shift would not show.
 */
const slow4g = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

export async function layoutShiftsOf(url: string, settleMs = 2000): Promise<LayoutShift[]> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  try {
    const page = await browser.newPage(mobileScreen);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', slow4g);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const found: Array<{ value: number; elements: string[] }> = [];
      (window as unknown as { __layoutShifts: typeof found }).__layoutShifts = found;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node: Node | null }> }>) {
          if (entry.hadRecentInput) continue;
          const elements = entry.sources.map(({ node }) =>
            node instanceof Element ? `${node.localName}${node.id ? `#${node.id}` : ''}${[...node.classList].map((name) => `.${name}`).join('')}` : String(node?.nodeName ?? 'unknown'),
          );
          found.push({ value: entry.value, elements });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(settleMs);
    return await page.evaluate(() => (window as unknown as { __layoutShifts: LayoutShift[] }).__layoutShifts);
  } finally {
    await browser.close();
  }
}
