// The facade of the `sinpe-panel` part: <svc-sinpe-panel>, only when a transfer is open (asked from
// inside the method-choice part, so what the two share stays in that part's file).
import { once } from './loader.ts';

/** Defines <svc-sinpe-panel>. */
export function loadSinpePanel(): Promise<void> {
  return once('sinpe-panel', () => import('../lazy/sinpe-panel.ts')).then((module) => module.defineSinpePanel());
}
