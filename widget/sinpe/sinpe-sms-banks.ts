/**
 * Costa Rican banks' SINPE Móvil SMS numbers: a shopper pays by texting `PASE <monto> <teléfono>` to
 * their own bank's number. The default table of the panel's "pay by SMS" link and QR; a merchant
 * replaces it with the element's `sinpeSmsBanks` property (or `sinpe-sms-banks` JSON attribute).
 *
 * Sources, checked 2026-11-25 (the machine this was written on had no access to the banks' sites):
 * - BAC Credomatic 7070-1222: BAC's own help page "Solución de problemas con SINPE Móvil"
 *   (ayuda.baccredomatic.com), which says to text PASE, the amount and the number to 7070-1222.
 * - Every other number: the README of SINPE Fácil (app.sinpefacil.com, an open-source SINPE Móvil
 *   helper, 2026), whose table cites the BCCR's list of participating entities. Not confirmed with
 *   each bank: marked `confirmed: false`. Banco de Costa Rica's number there is 4066; older press
 *   gives 2276, so a merchant should check it. Banco Popular is left out: no source gave its number.
 */
export interface SinpeSmsBank {
  name: string;
  /** The number to text, digits only (4 or 8). */
  smsNumber: string;
  /** True where the bank itself publishes the number. */
  confirmed?: boolean;
}

export const defaultSinpeSmsBanks: readonly SinpeSmsBank[] = [
  { name: 'Banco Nacional de Costa Rica', smsNumber: '2627', confirmed: false },
  { name: 'Banco de Costa Rica', smsNumber: '4066', confirmed: false },
  { name: 'BAC Credomatic', smsNumber: '70701222', confirmed: true },
  { name: 'Banco Davivienda', smsNumber: '70707474', confirmed: false },
  { name: 'Banco Promerica', smsNumber: '62232450', confirmed: false },
  { name: 'Banco BCT', smsNumber: '60400300', confirmed: false },
  { name: 'Banco Lafise', smsNumber: '9091', confirmed: false },
  { name: 'Grupo Mutual Alajuela', smsNumber: '60575079', confirmed: false },
  { name: 'Coopealianza', smsNumber: '62229523', confirmed: false },
  { name: 'Coocique', smsNumber: '46002905', confirmed: false },
  { name: 'Coopecaja', smsNumber: '62229526', confirmed: false },
  { name: 'Caja de Ande', smsNumber: '62229532', confirmed: false },
  { name: 'Credecoop', smsNumber: '71984256', confirmed: false },
];
