// The SINPE Móvil panel as a lazily loaded ES module (sinpe-panel.js): defines <svc-sinpe-panel> on
// the Lit the element hands in (widget/lazy-assets.ts loadSinpePanel).
export { defineSinpePanel } from '../sinpe/sinpe-panel.ts';
