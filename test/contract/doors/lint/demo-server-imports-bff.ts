// planted as demo/planted.ts (rooms/room): the demo uses the BFF over HTTP (through contract/), never its code.
import type { Services } from '../bff/services.ts';
export type Demo = Services;
