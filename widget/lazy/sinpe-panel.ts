// The SINPE Móvil panel as a lazily loaded part: defines <svc-sinpe-panel> when the element asks
// (widget/parts/sinpe-panel.ts loadSinpePanel).
export { defineSinpePanel } from '../sinpe/sinpe-panel.ts';
