// planted: the list of parts, reaching the part by import(), as the widget's loader did.
export const loadPart = () => import('./part.ts');

export function once<T>(load: () => Promise<T>): Promise<T> {
  return load();
}
