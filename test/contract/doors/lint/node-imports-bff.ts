// planted as node/planted.ts (rooms/room): node/ imports only contract/ and itself.
import { createLogger } from '../bff/observability/logger.ts';
export const logger = createLogger;
