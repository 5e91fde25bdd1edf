import type { Context } from 'hono';
import type { CardFormField } from './card-form.ts';

/**
 * The card form of the hosted payment page and of the link page. Plain HTML that works
 * with no script at all (the CSP forbids every script), styled by one same-origin sheet.
 */
export interface CardPageView {
  heading: string;
  amount: string;
  currency: string;
  reference: string;
  /** Where the form posts (same origin). */
  action: string;
  errors?: Partial<Record<CardFormField, string>>;
  values?: { holderName?: string; expiry?: string };
  /** Offer SINPE Móvil too (a colones order on the hosted page): answered with code=Pending. */
  sinpeMovil?: boolean;
}

export const pageStylesheetPath = '/assets/sandbox-page.css';

export function renderCardPage(view: CardPageView): string {
  const errors = view.errors ?? {};
  const field = (name: CardFormField, label: string, attrs: string, value = '') => {
    const error = errors[name];
    return `<div class="field">
  <label for="${name}">${label}</label>
  <input id="${name}" name="${name}" ${attrs} value="${escapeHtml(value)}"${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>
  ${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
  };
  const hasErrors = Object.keys(errors).length > 0;
  return page(
    view.heading,
    `<main>
  <h1>${escapeHtml(view.heading)}</h1>
  <p class="amount"><span>${escapeHtml(view.currency)}</span> <strong>${escapeHtml(view.amount)}</strong></p>
  <p class="reference">Order ${escapeHtml(view.reference)}</p>
  ${hasErrors ? '<p class="summary" role="alert">Please correct the highlighted fields.</p>' : ''}
  <form method="post" action="${escapeHtml(view.action)}" novalidate>
    ${field('cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number" required')}
    ${field('expiry', 'Expiry (MM/YY)', 'autocomplete="cc-exp" placeholder="MM/YY" required', view.values?.expiry)}
    ${field('cvv', 'Security code', 'inputmode="numeric" autocomplete="cc-csc" required')}
    ${field('holderName', 'Name on card', 'autocomplete="cc-name" required', view.values?.holderName)}
    <div class="actions">
      <button type="submit" name="action" value="pay">Pay</button>
      <button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
    </div>${view.sinpeMovil ? `
    <div class="actions">
      <button type="submit" name="action" value="sinpe_movil" class="secondary" formnovalidate>Use SINPE Móvil instead</button>` : ''}
    </div>
  </form>
  <p class="note">Sandbox: no real card is charged.</p>
</main>`,
  );
}

/** A page with one message, for a link that is closed or a hosted page that is gone. */
export function renderMessagePage(heading: string, message: string): string {
  return page(heading, `<main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(message)}</p></main>`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sandbox gateway</title>
<link rel="stylesheet" href="${pageStylesheetPath}">
</head>
<body>
${body}
</body>
</html>`;
}

/**
 * Strict CSP for the payment pages: no script of any kind, one same-origin stylesheet,
 * and the form may only go to this origin and to the merchant origin the result is
 * redirected to (Chromium checks form-action against the redirect too).
 */
export function paymentPageCsp(redirectOrigins: readonly string[]): string {
  // Chromium checks form-action on every hop of the redirect chain, and the merchant's redirect
  // endpoint (the BFF's /v1/return) answers 303 on to the shop's page, an origin the gateway
  // cannot know: so after a redirect origin, any http(s) target must stay allowed.
  const formAction = ["'self'", ...redirectOrigins, ...(redirectOrigins.length > 0 ? ['http:', 'https:'] : [])].join(' ');
  return `default-src 'none'; style-src 'self'; img-src 'self'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export const pageStylesheet = `
body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; }
main { max-width: 26rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 2px 12px rgb(0 0 0 / 8%); }
h1 { font-size: 1.25rem; margin: 0 0 1rem; }
.amount { font-size: 1.5rem; margin: 0; }
.reference, .note { color: #5b6474; font-size: 0.875rem; }
.field { margin: 1rem 0; display: flex; flex-direction: column; gap: 0.25rem; }
input { font: inherit; padding: 0.5rem; border: 1px solid #b5bcc8; border-radius: 6px; }
input[aria-invalid="true"] { border-color: #b3261e; }
.error, .summary { color: #b3261e; font-size: 0.875rem; margin: 0; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 6px; border: 0; background: #1f5eff; color: #fff; cursor: pointer; }
button.secondary { background: #e4e7ec; color: #1d2330; }
`;

/** The posted form's text fields (a card page never uploads files). */
export async function formFields(c: Context): Promise<Record<string, string>> {
  const parsed = await c.req.parseBody();
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/** Sends a payment page with its security headers: the strict CSP, no caching, no referrer. */
export function pageResponse(c: Context, html: string, status: 200 | 404 | 410 | 422, redirectOrigins: readonly string[]) {
  c.header('Content-Security-Policy', paymentPageCsp(redirectOrigins));
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Content-Type-Options', 'nosniff');
  return c.html(html, status);
}
