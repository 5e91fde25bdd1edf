// Money as a buyer or a merchant reads it, in one place for the widget and the demo's pages.

/** A decimal string shown in the order's currency; the string is formatted exactly, never via a float. */
export function formatMoney(locale: string, amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount as `${number}`);
  } catch {
    return `${amount} ${currency}`;
  }
}
