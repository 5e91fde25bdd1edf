// planted as widget/planted.ts (rooms/room): the widget talks to the BFF over HTTP only.
import { createApp } from '../bff/app.ts';
export const app = createApp;
