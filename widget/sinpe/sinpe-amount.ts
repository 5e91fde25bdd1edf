/** "15000.00" → "15000" and "15000.50" → "15000.50": what a bank app's amount field (and a PASE SMS) takes. */
export function amountToType(amount: string): string {
  return amount.replace(/\.0+$/, '');
}
