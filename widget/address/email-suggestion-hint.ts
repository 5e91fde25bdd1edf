import { html, type TemplateResult } from 'lit';
import { suggestEmail } from './email-suggestion.ts';

/** The "did you mean …?" line under an e-mail field, and its id for the field's aria-describedby. */
export interface EmailSuggestionHint {
  id: string;
  line: TemplateResult;
}

/**
 * "Did you mean ana@gmail.com?" under the field `fieldId` when `email`'s domain is a common typo, with
 * the address as a button that takes it in one tap; undefined when the address looks as intended.
 * Only a hint: the field stays valid either way and the payment is never held for it.
 */
export function emailSuggestionHint(
  fieldId: string,
  email: string,
  words: readonly [before: string, after: string],
  accept: (suggestion: string) => void,
): EmailSuggestionHint | undefined {
  const suggestion = suggestEmail(email);
  if (suggestion === undefined) return undefined;
  const id = `${fieldId}-suggestion`;
  return {
    id,
    line: html`<p class="optional" id=${id} part="email-suggestion">
      ${words[0]}<button type="button" @click=${(event: Event) => takeSuggestion(event, fieldId, () => accept(suggestion))}>${suggestion}</button>${words[1]}
    </p>`,
  };
}

/**
 * The button goes away with the typo: the shopper's focus goes back to the e-mail field first (where
 * they were typing), not to the page's top, and a screen reader reads the field with its new address.
 */
function takeSuggestion(event: Event, fieldId: string, accept: () => void): void {
  const root = (event.currentTarget as Element).getRootNode() as Document | ShadowRoot;
  root.getElementById(fieldId)?.focus();
  accept();
}
