// The few HTML pages /v1/return shows instead of redirecting. Fixed text only: nothing from the
// request is ever written into them (a forged redirect must not inject markup).
const pageHeaders = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

function page(title: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}</style>
</head><body><h1>${title}</h1><p>${text}</p></body></html>`;
}

export function unknownOrderPage(): Response {
  return new Response(page('Order not found', 'We could not find this payment. If you were charged, contact the shop.'), {
    status: 404,
    headers: pageHeaders,
  });
}

export function noReturnAddressPage(): Response {
  return new Response(page('Payment received', 'Your payment result was recorded. You can close this window and go back to the shop.'), {
    status: 200,
    headers: pageHeaders,
  });
}
