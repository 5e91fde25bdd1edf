// planted as contract/planted.ts (rooms/room): contract/ imports only itself.
export { loadConfig } from '../bff/config.ts';
