/**
 * Ports of their own so an `npm start` left running on the defaults does not collide.
 * E2E_PORT_OFFSET moves all three, so two checkouts of the project can run e2e at once.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const e2ePorts = {
  SANDBOX_PORT: String(14010 + offset),
  BFF_PORT: String(18787 + offset),
  DEMO_PORT: String(15173 + offset),
};
