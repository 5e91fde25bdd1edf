// The back office's "Cierre del día": a business day's totals per method and currency (gross, the
// deductions, net), the differences between our records and the gateway's and the bank's, and the
// day's CSV for the accountant. The BFF computes everything (GET /v1/merchant/reports/settlement);
// this panel only asks and shows.
import type { SettlementDifference, SettlementReport, SettlementTotal } from '../../contract/settlement-report.ts';
import { deductionNames } from '../../contract/settlement-report.ts';
import { formatMoney } from '../../contract/money-format.ts';
import { currentLocale, messages, tr } from './backoffice-i18n/locale.ts';
import { failureText } from './failure-text.ts';

type Api = <T>(method: 'GET', path: string) => Promise<T>;
type ApiText = (path: string, accept: string) => Promise<string>;

/** The deductions' names as the merchant reads them (the report's fields in English, translated by tr). */
const deductionLabels: Record<(typeof deductionNames)[number], string> = {
  commission: 'Commission',
  ivaCommission: 'IVA on the commission',
  retentionIva: 'IVA withheld',
  retentionRent: 'Income tax withheld',
  cost: 'Cost',
  costIva: 'IVA on the cost',
  feeTotal: 'Bank fee',
  taxTotal: 'Tax on the bank fee',
};

const methodLabels: Record<string, string> = { card: 'Card', sinpe_movil: 'SINPE Móvil', pin: 'Bank transfer' };

export function mountClosingPanel(section: HTMLElement, api: Api, apiText: ApiText, notify: (message: string, isError?: boolean) => void): { render(): void } {
  const form = section.querySelector<HTMLFormElement>('#closing-form')!;
  const dateInput = form.elements.namedItem('date') as HTMLInputElement;
  const body = section.querySelector<HTMLTableElement>('#closing-totals')!.tBodies[0]!;
  const caption = section.querySelector<HTMLElement>('#closing-caption')!;
  const differencesList = section.querySelector<HTMLUListElement>('#closing-differences')!;
  let shown: SettlementReport | undefined;
  // The browser's today: the back office runs where the shop is.
  const today = new Date();
  dateInput.value = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;

  const money = (amount: string, currency: string) => formatMoney(currentLocale(), amount, currency);

  function cell(label: string, content: string | Node): HTMLTableCellElement {
    const td = document.createElement('td');
    td.dataset.label = tr(label);
    td.append(content);
    return td;
  }

  function totalRow(total: SettlementTotal): HTMLTableRowElement {
    const row = document.createElement('tr');
    const deductions = document.createElement('ul');
    deductions.className = 'deduction-list';
    for (const name of deductionNames) {
      const value = total[name];
      if (value === undefined) continue;
      const item = document.createElement('li');
      item.textContent = `${tr(deductionLabels[name])}: ${money(value, total.currency)}`;
      deductions.append(item);
    }
    row.append(
      cell('Method', tr(methodLabels[total.method] ?? total.method)),
      cell('Currency', total.currency),
      cell('Gross', money(total.gross, total.currency)),
      cell('Deductions', deductions),
      cell('Net', money(total.net, total.currency)),
    );
    return row;
  }

  function differenceItem(difference: SettlementDifference): HTMLLIElement {
    const item = document.createElement('li');
    const what = document.createElement('strong');
    what.textContent = messages().settlementDifference(difference.type, difference.orderNumber ?? difference.bankPaymentId ?? difference.gatewayId ?? '—');
    const figures = [difference.ours && `${tr('Ours')}: ${difference.ours}`, difference.upstream && `${tr('Upstream')}: ${difference.upstream}`].filter(Boolean).join(' · ');
    item.append(what);
    if (figures) item.append(` (${figures})`);
    return item;
  }

  function render(): void {
    if (!shown) return;
    body.replaceChildren(...shown.totals.map(totalRow));
    caption.textContent = messages().settlementCaption(shown.date, shown.timeZone, shown.movements.length);
    differencesList.replaceChildren(...(shown.differences.length ? shown.differences.map(differenceItem) : [Object.assign(document.createElement('li'), { textContent: tr('None: our records and the upstream agree.') })]));
  }

  async function show(): Promise<void> {
    try {
      shown = await api<SettlementReport>('GET', `/v1/merchant/reports/settlement?date=${encodeURIComponent(dateInput.value)}`);
      render();
    } catch (error) {
      notify(`${tr('Cierre del día (closing the day)')}: ${failureText(error)}`, true);
    }
  }

  async function download(): Promise<void> {
    try {
      const csv = await apiText(`/v1/merchant/reports/settlement?date=${encodeURIComponent(dateInput.value)}`, 'text/csv');
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      link.download = `settlement-${dateInput.value}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    } catch (error) {
      notify(`${tr('Download CSV')}: ${failureText(error)}`, true);
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void show();
  });
  section.querySelector<HTMLButtonElement>('#closing-csv')!.addEventListener('click', () => void download());
  return { render };
}
