// axe-core in the test page: loaded once as a classic script (it is a UMD bundle), then run
// against the element; axe walks open shadow roots itself.
import type { AxeResults, ElementContext } from 'axe-core';
import { expect } from '@open-wc/testing';
import { installedClock } from './manual-clock.ts';

declare global {
  interface Window {
    axe?: { run(context: ElementContext, options?: object): Promise<AxeResults> };
  }
}

let loading: Promise<void> | undefined;

function loadAxe(): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('axe-core did not load'));
    document.head.append(script);
  });
  return loading;
}

/** Fails with the rule ids and targets of every violation, so a failure says what to fix. */
export async function expectAccessible(element: Element): Promise<void> {
  await loadAxe();
  // axe waits on timers of its own: under a manual clock it runs on the real ones.
  const run = () => window.axe!.run(element, { resultTypes: ['violations'] });
  const results = await (installedClock ? installedClock.withRealTimers(run) : run());
  const violations = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
  );
  expect(violations, 'axe violations').to.deep.equal([]);
}
