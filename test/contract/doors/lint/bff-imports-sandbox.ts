// planted as bff/gateway/planted.ts (rooms/room): the BFF knows the gateway only over HTTP.
import { startSandbox } from '../../sandbox/server.ts';
export const start = startSandbox;
