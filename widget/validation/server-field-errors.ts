// Part of the lazy retry part (retry/retry-controller.ts, what a refused checkout leads to): the BFF
// refused fields the form's own checks let through (rare: it checks the same rules), so a purchase
// never downloads it.
import type { Problem } from '../../contract/bff-api.ts';
import type { AddressFieldName, Translation } from '../i18n/translation.ts';
import { toFieldErrorCode } from './field-error-code.ts';

/** Each refused field's message beside it, by path (`billing.state`), in the page's words where it has them. */
export function serverErrorsByPath(fieldErrors: NonNullable<Problem['errors']>, t: Translation): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const fieldError of fieldErrors) {
    const code = toFieldErrorCode(fieldError.code ?? fieldError.message);
    const field = fieldError.path.split('.')[1] as AddressFieldName;
    byPath[fieldError.path] ??= code === 'invalid' ? fieldError.message : code === 'required' ? (t.requiredField[field] ?? t.errors.required) : t.errors[code];
  }
  return byPath;
}
