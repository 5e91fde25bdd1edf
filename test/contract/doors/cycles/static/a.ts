// planted: a static import ring, a.ts → b.ts → a.ts.
import { b } from './b.ts';

export const a = (): string => `a${b()}`;
