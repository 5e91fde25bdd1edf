// planted: closes the ring through a static import.
import { a } from './a.ts';

export const b = (): string => (a.length > 0 ? 'b' : '');
