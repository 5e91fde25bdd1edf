// planted as widget/planted.ts (no-restricted-imports): the widget runs in the browser.
import { readFileSync } from 'fs';
export const text = readFileSync('x', 'utf8');
