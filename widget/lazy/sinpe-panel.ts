// The SINPE Móvil panel as a lazily loaded ES module (sinpe-panel.js): defines <svc-sinpe-panel>.
export { SvcSinpePanel } from '../sinpe/sinpe-panel.ts';
