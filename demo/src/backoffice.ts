// The back office: sign in with the merchant secret, then orders (live, with capture, refund,
// reverse and split), transactions, payment links and the events the webhooks delivered, with a
// button per sandbox bank event. Every action is a POST with its own Idempotency-Key, made when
// the action is opened: a double click or a retry replays instead of acting twice.
import type { MerchantOrder, OrderListResponse, PaymentLinkDetail, PaymentLinkPage, TransactionsResponse } from '../../contract/merchant-api.ts';
import { formatMoney } from '../../contract/money-format.ts';
import { openActionDialog } from './action-dialog.ts';
import type { ReviewDecisionRequest } from '../../contract/merchant-review.ts';
import { loadDemoConfig, type DemoConfig } from './demo-config.ts';
import { MerchantApiError, MerchantClient, storeSecret, storedSecret } from './merchant-client.ts';
import { failureText, isActionRefusal, type ActionFacts } from './failure-text.ts';
import { webhooksPanel } from './webhooks-panel.ts';
import { mountBankPaymentsPanel, type BankPaymentsPanel } from './bank-payments-panel.ts';
import { mountClosingPanel } from './closing-panel.ts';
import { mountReceiptCheckPanel } from './receipt-check-panel.ts';
import { keyForNextTry } from './idempotency-key.ts';
import { currentLocale, messages, mountLanguageSwitcher, tr, translateDocument } from './backoffice-i18n/locale.ts';

interface MerchantEvent {
  id: string;
  source: string;
  type: string;
  state: string;
  receivedAt: string;
  lastError: string | null;
  summary: Record<string, unknown>;
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const refreshMs = 3000;

let config: DemoConfig;
let client: MerchantClient | undefined;
let timer: ReturnType<typeof setInterval> | undefined;
let bankPayments: BankPaymentsPanel | undefined;
let linksPage = 1;
let linksLastPage = 1;
let webhooks: ReturnType<typeof webhooksPanel> | undefined;
/** The day's close and the receipt check: drawn on demand, redrawn in a new language. */
let onDemandPanels: Array<{ render(): void }> = [];

const money = (amount: string, currency: string) => formatMoney(currentLocale(), amount, currency);
const when = (iso: string) => new Date(iso).toLocaleString(currentLocale(), { dateStyle: 'short', timeStyle: 'medium' });

function notify(message: string, isError = false): void {
  const notice = byId('notice');
  notice.textContent = message;
  notice.classList.toggle('error-text', isError);
}


/** A <td> with a label for the stacked phone layout. */
function cell(label: string, content: string | Node, className?: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.dataset.label = tr(label);
  if (className) td.className = className;
  // Identifiers are not words: a translator (or a check for untranslated text) leaves them alone.
  if (className === 'mono') td.translate = false;
  if (typeof content === 'string') td.textContent = content;
  else td.append(content);
  return td;
}

/** The merchant's own words (product names, a link's description) or a wire name: shown as written, marked translate="no". */
function merchantText(text: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.translate = false;
  span.textContent = text;
  return span;
}

function badge(status: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = `badge badge-${status}`;
  span.textContent = tr(status);
  return span;
}

function button(label: string, className: string, onClick: () => void, accessibleName?: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.textContent = label;
  if (accessibleName) element.setAttribute('aria-label', accessibleName);
  element.addEventListener('click', onClick);
  return element;
}

// ----- sign in ----------------------------------------------------------------------------------

async function signIn(secret: string): Promise<boolean> {
  const candidate = new MerchantClient(config.bffUrl, secret);
  try {
    await candidate.call('GET', '/v1/merchant/orders?limit=1');
  } catch (error) {
    byId('signin-error').textContent =
      error instanceof MerchantApiError && error.status === 401 ? tr('That merchant secret is not right.') : failureText(error);
    return false;
  }
  client = candidate;
  storeSecret(secret);
  byId('signin').hidden = true;
  byId('workspace').hidden = false;
  byId('sign-out').hidden = false;
  byId('signin-error').textContent = '';
  bankPayments = mountBankPaymentsPanel(byId<HTMLTableElement>('bank-payments-table'), api, notify, () => void refreshOrders());
  await Promise.all([refreshOrders(), refreshLinks(), refreshEvents(), bankPayments.refresh(), webhooks?.refresh()]);
  timer = setInterval(() => {
    if (document.visibilityState === 'visible') void Promise.all([refreshOrders(), refreshLinks(), refreshEvents(), bankPayments?.refresh(), webhooks?.refresh()]);
  }, refreshMs);
  document.body.dataset.signedIn = 'true';
  return true;
}

function signOut(message = ''): void {
  clearInterval(timer);
  client = undefined;
  storeSecret(null);
  byId('workspace').hidden = true;
  byId('sign-out').hidden = true;
  byId('signin').hidden = false;
  byId('signin-error').textContent = message;
  byId<HTMLInputElement>('secret').value = '';
  delete document.body.dataset.signedIn;
  byId('secret').focus();
}

/** Every call goes through here: a 401 means the secret changed or is wrong, so sign out. */
async function api<T>(method: 'GET' | 'POST' | 'DELETE', path: string, options: { body?: unknown; idempotencyKey?: string } = {}): Promise<T> {
  if (!client) throw new Error('not signed in');
  try {
    return await client.call<T>(method, path, options);
  } catch (error) {
    if (error instanceof MerchantApiError && error.status === 401) signOut(tr('The merchant secret was refused; sign in again.'));
    throw error;
  }
}

/** The same, for an answer that is not JSON (the settlement CSV). */
async function apiText(path: string, accept: string): Promise<string> {
  if (!client) throw new Error('not signed in');
  try {
    return await client.text(path, accept);
  } catch (error) {
    if (error instanceof MerchantApiError && error.status === 401) signOut(tr('The merchant secret was refused; sign in again.'));
    throw error;
  }
}

// ----- orders -----------------------------------------------------------------------------------

interface OrderRowParts {
  row: HTMLTableRowElement;
  /** The buyer's electronic invoice details, once given at checkout (the merchant issues the invoice). */
  invoice: HTMLSpanElement;
  /** A dollar order's colón amount at the BCCR rate fixed at checkout, and a SINPE Móvil discount. */
  local: HTMLSpanElement;
  status: HTMLTableCellElement;
  captured: HTMLTableCellElement;
  refunded: HTMLTableCellElement;
  buttons: Record<'capture' | 'refund' | 'reverse' | 'split', HTMLButtonElement>;
  /** Shown only while the order is in review: the merchant approves the payment found, or voids it. */
  review: Record<ReviewDecision, HTMLButtonElement>;
  order: MerchantOrder;
}

type ReviewDecision = ReviewDecisionRequest['decision'];
const reviewDecisions: readonly ReviewDecision[] = ['approve', 'void'];

const orderRows = new Map<string, OrderRowParts>();

function orderFilterQuery(): string {
  const form = new FormData(byId<HTMLFormElement>('orders-filter'));
  const query = new URLSearchParams({ limit: '50' });
  for (const name of ['status', 'currency', 'orderNumber']) {
    const value = String(form.get(name) ?? '').trim();
    if (value) query.set(name, value);
  }
  return query.toString();
}

/**
 * Rows are updated in place, keyed by order number, so the 3-second refresh never takes the
 * keyboard focus away from a button someone is about to press.
 */
function renderOrders(orders: MerchantOrder[]): void {
  const body = byId<HTMLTableElement>('orders-table').tBodies[0]!;
  const keep = new Set(orders.map((order) => order.orderNumber));
  for (const [number, parts] of orderRows) {
    if (!keep.has(number)) {
      parts.row.remove();
      orderRows.delete(number);
    }
  }
  orders.forEach((order, index) => {
    let parts = orderRows.get(order.orderNumber);
    if (!parts) {
      parts = createOrderRow(order);
      orderRows.set(order.orderNumber, parts);
    }
    parts.order = order;
    parts.row.dataset.status = order.status;
    parts.status.replaceChildren(badge(order.status));
    parts.invoice.textContent = invoiceText(order.invoice);
    parts.local.textContent = localText(order);
    parts.captured.textContent = money(order.capturedAmount, order.currency);
    parts.refunded.textContent = money(order.refundedAmount, order.currency);
    for (const action of ['capture', 'refund', 'reverse', 'split'] as const) {
      const allowed = order.actions[action];
      // A transfer's money is not at the card gateway: it is returned from the bank, so no button.
      parts.buttons[action].hidden = order.paidBy === 'sinpe_movil';
      parts.buttons[action].disabled = !allowed.allowed;
      parts.buttons[action].title = allowed.allowed ? messages().upTo(money(allowed.maxAmount ?? '0', order.currency)) : refusalText(order, action);
    }
    for (const decision of reviewDecisions) parts.review[decision].hidden = order.status !== 'review';
    if (body.rows[index] !== parts.row) body.insertBefore(parts.row, body.rows[index] ?? null);
  });
  byId('orders-empty').hidden = orders.length > 0;
}

function createOrderRow(order: MerchantOrder): OrderRowParts {
  const row = document.createElement('tr');
  row.dataset.orderNumber = order.orderNumber;
  row.dataset.source = order.source;
  const status = cell('Status', '');
  const captured = cell('Captured', '', 'amount');
  const refunded = cell('Refunded', '', 'amount');
  const actions = cell('Actions', '', 'actions');
  const act = (action: 'capture' | 'refund' | 'reverse' | 'split', english: string, className: string, label = tr(english)) =>
    button(label, className, () => openAction(order.orderNumber, action), `${label} ${order.orderNumber}`);
  const buttons = {
    capture: act('capture', 'Capture', 'secondary'),
    refund: act('refund', 'Refund', 'secondary'),
    reverse: act('reverse', 'Reverse', 'danger'),
    split: act('split', 'Split', 'secondary'),
  };
  const review = {
    approve: button(tr('Approve payment'), 'secondary', () => void decideReview(order.orderNumber, 'approve'), messages().approvePaymentLabel(order.orderNumber)),
    void: button(tr('Void'), 'danger', () => void decideReview(order.orderNumber, 'void'), messages().voidReviewLabel(order.orderNumber)),
  };
  actions.append(buttons.capture, buttons.refund, buttons.reverse, buttons.split, review.approve, review.void);
  const description = order.lines.length > 0 ? order.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ') : (order.description ?? '');
  const number = document.createElement('span');
  number.className = 'mono';
  number.translate = false;
  number.textContent = order.orderNumber;
  const orderCell = cell('Order', number);
  if (description) orderCell.append(document.createElement('br'), merchantText(description));
  const invoice = document.createElement('span');
  invoice.className = 'invoice-details';
  orderCell.append(invoice);
  const local = document.createElement('span');
  local.className = 'local-amount';
  const amountCell = cell('Amount', `${money(order.amount, order.currency)}${order.capture ? '' : ` (${tr('authorize only')})`}`, 'amount');
  amountCell.append(local);
  row.append(
    orderCell,
    cell('Created', when(order.createdAt)),
    amountCell,
    status,
    captured,
    refunded,
    actions,
  );
  return { row, invoice, local, status, captured, refunded, buttons, review, order };
}

/**
 * "≈ ₡12 663,00 · BCCR 506,52 (2026-11-25)" for a dollar order, "Card charged ₡12 663,00 (₡506,52)" when
 * its card paid in colones; "SINPE Móvil −₡3,00" when a transfer paid less to be unique.
 */
function localText(order: MerchantOrder): string {
  const parts: string[] = [];
  const local = order.localAmount;
  if (local) parts.push(`≈ ${money(local.amount, local.currency)} · ${tr('BCCR reference sell rate')} ${money(local.rate, local.currency)} (${local.rateDate})`);
  // A dollar order paid by card in colones: what the card was charged and at which rate (refunds stay in dollars).
  if (order.charged) parts.push(`${tr('Card charged')} ${money(order.charged.amount, order.charged.currency)} (${money(order.charged.rate, order.charged.currency)})`);
  if (order.discount && order.discount !== '0.00') parts.push(`SINPE Móvil −${money(order.discount, local?.currency ?? order.currency)}`);
  return parts.length > 0 ? ` · ${parts.join(' · ')}` : '';
}

/** The order's figures a refusal of `action` is worded with, formatted in the page's language. */
function actionFacts(order: MerchantOrder, action: 'capture' | 'refund' | 'reverse' | 'split'): ActionFacts {
  return {
    action,
    status: tr(order.status),
    captured: money(order.capturedAmount, order.currency),
    refunded: money(order.refundedAmount, order.currency),
    upTo: money(order.actions[action].maxAmount ?? (action === 'split' ? order.amount : '0'), order.currency),
  };
}

/** A disabled action's tooltip: the BFF's refusal code in the page's language, with the order's own status and amounts. */
function refusalText(order: MerchantOrder, action: 'capture' | 'refund' | 'reverse' | 'split'): string {
  const { reasonCode, reason } = order.actions[action];
  if (!reasonCode) return reason ?? '';
  return messages().refusal(reasonCode, actionFacts(order, action));
}

/**
 * An action the BFF refused is said with the order as it is now (another operator, or the buyer,
 * may have changed it since the table was drawn), and the table shows it so.
 */
async function refusalWithFigures(error: unknown, orderNumber: string, action: 'capture' | 'refund' | 'reverse' | 'split'): Promise<string> {
  if (!isActionRefusal(error)) return failureText(error);
  const now = await api<MerchantOrder>('GET', `/v1/merchant/orders/${encodeURIComponent(orderNumber)}`).catch(() => undefined);
  void refreshOrders();
  return failureText(error, now && actionFacts(now, action));
}

/** An event's amount formatted when it names its currency; as sent otherwise. */
function amountText(amount: unknown, currency: unknown): string {
  return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? money(String(amount), currency) : String(amount);
}

function invoiceText(invoice: MerchantOrder['invoice']): string {
  const receptor = invoice?.receptor;
  return receptor ? ` · ${tr('Electronic invoice')}: ${receptor.idType} ${receptor.idNumber}, ${receptor.name}, ${receptor.email}` : '';
}

async function refreshOrders(): Promise<void> {
  try {
    const page = await api<OrderListResponse>('GET', `/v1/merchant/orders?${orderFilterQuery()}`);
    renderOrders(page.items);
    // A buyer may pay and never come back: reading a pending order's detail asks the gateway
    // (at most once per interval, BFF-side), so the next refresh shows where it really stands.
    for (const order of page.items.filter((item) => item.status === 'pending').slice(0, 5)) {
      void api('GET', `/v1/merchant/orders/${encodeURIComponent(order.orderNumber)}`).catch(() => undefined);
    }
  } catch (error) {
    if (client) notify(`${tr('Orders')}: ${failureText(error)}`, true);
  }
}

function openAction(orderNumber: string, action: 'capture' | 'refund' | 'reverse' | 'split'): void {
  const order = orderRows.get(orderNumber)?.order;
  if (!order) return;
  openActionDialog({
    order,
    action,
    onConfirm: async (request, idempotencyKey) => {
      const result = await api<{ order: MerchantOrder; modification?: { amount: string }; ownerRemainder?: string }>(
        'POST',
        `/v1/merchant/orders/${encodeURIComponent(orderNumber)}/${action}`,
        { body: request, idempotencyKey },
      );
      const amount = result.modification ? money(result.modification.amount, order.currency) : '';
      notify(
        action === 'split'
          ? messages().splitDone(orderNumber, money(result.ownerRemainder ?? '0', order.currency))
          : action === 'refund' && result.order.status !== 'refunded'
            ? messages().partialRefundDone(amount, orderNumber, money(result.order.refundedAmount, order.currency), money(result.order.capturedAmount, order.currency))
            : messages().actionDone(action, amount, orderNumber, tr(result.order.status)),
      );
      await refreshOrders();
    },
    errorText: (error) => refusalWithFigures(error, orderNumber, action),
  });
}

/**
 * An order in review: the gateway holds a payment that contradicts it (another amount or currency).
 * Approve accepts that payment for the order; void leaves the order unpaid and payable again.
 */
async function decideReview(orderNumber: string, decision: ReviewDecision): Promise<void> {
  if (!window.confirm(messages().reviewQuestion(decision, orderNumber))) return;
  try {
    const order = await api<MerchantOrder>('POST', `/v1/merchant/orders/${encodeURIComponent(orderNumber)}/review`, {
      body: { decision } satisfies ReviewDecisionRequest,
      idempotencyKey: crypto.randomUUID(),
    });
    notify(messages().reviewDone(decision, orderNumber, tr(order.status)));
    await refreshOrders();
  } catch (error) {
    notify(messages().reviewFailed(orderNumber, failureText(error)), true);
  }
}

// ----- transactions -----------------------------------------------------------------------------

async function searchTransactions(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const form = new FormData(event.target as HTMLFormElement);
  const query = new URLSearchParams();
  for (const name of ['startDate', 'endDate', 'environment', 'currency', 'orderNumber', 'email', 'auth', 'merchantId']) {
    const value = String(form.get(name) ?? '').trim();
    if (value) query.set(name, value);
  }
  if (form.get('onlyApproved')) query.set('onlyAproved', '1');
  try {
    const result = await api<TransactionsResponse>('GET', `/v1/merchant/transactions?${query}`);
    const body = byId<HTMLTableElement>('transactions-table').tBodies[0]!;
    body.replaceChildren(
      ...result.items.map((item) => {
        const row = document.createElement('tr');
        row.dataset.orderNumber = item.orderNumber;
        row.append(
          cell('Date', item.date ? when(item.date) : '—'),
          cell('Order', item.orderNumber, 'mono'),
          cell('Type', item.type),
          cell('Amount', money(item.amount, item.currency), 'amount'),
          cell('Outcome', `${tr(item.approved ? 'Approved' : 'Declined')} · ${item.response}`),
          cell('Auth', item.auth || '—'),
          cell('Card', item.cardLast4 ? `•••• ${item.cardLast4}` : '—'),
          cell('E-mail', item.email || '—'),
        );
        return row;
      }),
    );
    byId('transactions-caption').textContent = messages().transactionsCaption(result.items.length, when(result.startDate), when(result.endDate));
  } catch (error) {
    notify(`${tr('Transactions')}: ${failureText(error)}`, true);
  }
}

// ----- payment links ----------------------------------------------------------------------------

let linkKey: string = crypto.randomUUID();

async function createLink(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const formElement = event.target as HTMLFormElement;
  const form = new FormData(formElement);
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const request: Record<string, unknown> = { amount: text('amount'), currency: text('currency'), singleUse: form.get('singleUse') !== null };
  for (const name of ['description', 'reference', 'client']) if (text(name)) request[name] = text(name);
  try {
    const link = await api<PaymentLinkDetail>('POST', '/v1/merchant/payment-links', { body: request, idempotencyKey: linkKey });
    linkKey = crypto.randomUUID();
    formElement.reset();
    notify(messages().linkCreated(link.id, money(link.amount, link.currency)));
    await showPageWithLink(link.id);
  } catch (error) {
    // Same key on a retry of the same form: if the first attempt did create it, it is replayed.
    linkKey = keyForNextTry(error, linkKey);
    notify(`${tr('Payment link')}: ${failureText(error)}`, true);
  }
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * Page 1, or else the last page when the new link is not on page 1: the gateway's list order is not
 * in its spec (the sandbox lists oldest first), and the merchant wants to see the link just made.
 */
async function showPageWithLink(id: string): Promise<void> {
  linksPage = 1;
  await refreshLinks();
  const shown = byId('links-table').querySelector(`tr[data-link-id="${CSS.escape(id)}"]`);
  if (shown || linksLastPage <= 1) return;
  linksPage = linksLastPage;
  await refreshLinks();
}

async function refreshLinks(): Promise<void> {
  try {
    const page = await api<PaymentLinkPage>('GET', `/v1/merchant/payment-links?limit=5&page=${linksPage}`);
    linksLastPage = page.lastPage;
    const body = byId<HTMLTableElement>('links-table').tBodies[0]!;
    // The same links as shown: only their counts change, so a focused button keeps its focus.
    if (updateLinkCounts(body, page.items)) return showLinksPage(page);
    body.replaceChildren(
      ...page.items.map((link) => {
        const row = document.createElement('tr');
        row.dataset.linkId = link.id;
        const url = document.createElement('span');
        url.className = 'mono';
        url.translate = false;
        url.textContent = link.url;
        const pay = document.createElement('a');
        // The BFF checks the gateway's URL already; an href is still only ever http(s) here.
        if (isHttpUrl(link.url)) pay.href = link.url;
        pay.target = '_blank';
        pay.rel = 'noopener';
        pay.textContent = tr('Pay in the sandbox');
        pay.setAttribute('aria-label', messages().payLinkLabel(link.id));
        const actions = cell('Actions', '', 'actions');
        actions.append(
          button(tr('Copy URL'), 'secondary', () => void copyUrl(link.url, link.id), messages().copyLinkLabel(link.id)),
          pay,
          document.createTextNode(' '),
          button(tr('Delete'), 'danger', () => void deleteLink(link.id), messages().deleteLinkLabel(link.id)),
        );
        row.append(
          cell('Link', link.id, 'mono'),
          cell('Amount', money(link.amount, link.currency), 'amount'),
          cell('Description', merchantText(link.description || '—')),
          cell('Paid', `${link.timesUsed}×`),
          cell('URL', url),
          actions,
        );
        return row;
      }),
    );
    showLinksPage(page);
  } catch (error) {
    if (client) notify(`${tr('Payment links')}: ${failureText(error)}`, true);
  }
}

/** True when the table already lists exactly these links, in this order; then only "Paid" is updated. */
function updateLinkCounts(body: HTMLTableSectionElement, links: PaymentLinkPage['items']): boolean {
  const rows = [...body.rows];
  if (rows.length !== links.length || rows.some((row, index) => row.dataset.linkId !== links[index]!.id)) return false;
  rows.forEach((row, index) => {
    const paid = row.querySelector<HTMLTableCellElement>(`td[data-label="${tr('Paid')}"]`);
    if (paid) paid.textContent = `${links[index]!.timesUsed}×`;
  });
  return true;
}

function showLinksPage(page: PaymentLinkPage): void {
  byId('links-page').textContent = messages().linksPage(page.page, page.lastPage, page.total);
  byId<HTMLButtonElement>('links-prev').disabled = page.page <= 1;
  byId<HTMLButtonElement>('links-next').disabled = page.page >= page.lastPage;
}

async function copyUrl(url: string, id: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    notify(messages().copied(id));
  } catch {
    notify(messages().copyByHand(url));
  }
}

async function deleteLink(id: string): Promise<void> {
  try {
    await api('DELETE', `/v1/merchant/payment-links/${encodeURIComponent(id)}`);
    notify(messages().linkDeleted(id));
    await refreshLinks();
  } catch (error) {
    notify(`${messages().deleteLinkLabel(id)}: ${failureText(error)}`, true);
  }
}

// ----- events and bank triggers -----------------------------------------------------------------

function eventDetails(event: MerchantEvent): HTMLSpanElement {
  const s = event.summary;
  const parts =
    event.source === 'bank'
      ? [s.paymentId && `${tr('payment')} ${s.paymentId}`, s.paymentStatus && `${tr('Status')} ${tr(String(s.paymentStatus))}`, s.amount && amountText(s.amount, s.currency), s.paymentMethod]
      : [s.svcLinkId !== undefined && `${tr('link')} ${s.svcLinkId}`, s.orderNumber && `${tr('order')} ${s.orderNumber}`, s.code !== undefined && `${tr('code')} ${s.code}`, s.via && `${tr('via')} ${s.via}`];
  const text = document.createElement('span');
  text.textContent = parts.filter(Boolean).join(' · ');
  // The BFF's own diagnostic of a failed event, shown as it logged it.
  if (event.lastError) text.append(' · ', merchantText(event.lastError));
  return text;
}

async function refreshEvents(): Promise<void> {
  try {
    const page = await api<{ items: MerchantEvent[] }>('GET', '/v1/merchant/events?limit=25');
    const body = byId<HTMLTableElement>('events-table').tBodies[0]!;
    body.replaceChildren(
      ...page.items.map((event) => {
        const row = document.createElement('tr');
        row.dataset.eventType = event.type;
        row.dataset.source = event.source;
        row.append(cell('Received', when(event.receivedAt)), cell('Source', tr(event.source)), cell('Type', merchantText(event.type)), cell('State', badge(event.state)), cell('Details', eventDetails(event)));
        return row;
      }),
    );
  } catch (error) {
    if (client) notify(`${tr('Events')}: ${failureText(error)}`, true);
  }
}

async function sendBankEvent(eventType: string, trigger: HTMLButtonElement): Promise<void> {
  trigger.disabled = true;
  try {
    const response = await fetch('/api/bank-events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ event_type: eventType }),
    });
    const result = (await response.json()) as { paymentId?: string; error?: string };
    if (!response.ok) throw new Error(result.error ?? `HTTP ${response.status}`);
    notify(messages().bankEventSent(eventType, result.paymentId ?? '?'));
    await refreshEvents();
  } catch (error) {
    notify(messages().bankEventFailed(eventType, failureText(error)), true);
  } finally {
    trigger.disabled = false;
  }
}

// ----- start ------------------------------------------------------------------------------------

/** After a language change: what the script drew is drawn again in the new language. */
function redrawInLanguage(): void {
  // The last notice was said in the other language.
  notify('');
  orderRows.clear();
  for (const table of ['orders-table', 'links-table', 'events-table', 'bank-payments-table']) byId<HTMLTableElement>(table).tBodies[0]!.replaceChildren();
  if (client) void Promise.all([refreshOrders(), refreshLinks(), refreshEvents(), bankPayments?.refresh(), webhooks?.refresh()]);
  for (const panel of onDemandPanels) panel.render();
}

async function main(): Promise<void> {
  mountLanguageSwitcher(byId('sign-out'), redrawInLanguage);
  translateDocument();
  config = await loadDemoConfig();
  webhooks = webhooksPanel(api, notify);
  onDemandPanels = [mountClosingPanel(byId('closing'), api, apiText, notify), mountReceiptCheckPanel(byId('receipt-check'), api)];
  byId<HTMLFormElement>('signin-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void signIn(byId<HTMLInputElement>('secret').value.trim());
  });
  // Only now may the form be sent: the browser's own submission would carry the secret in the URL.
  byId<HTMLButtonElement>('signin-button').disabled = false;
  byId('sign-out').addEventListener('click', () => signOut());
  byId<HTMLFormElement>('orders-filter').addEventListener('submit', (event) => {
    event.preventDefault();
    void refreshOrders();
  });
  byId<HTMLFormElement>('transactions-form').addEventListener('submit', (event) => void searchTransactions(event));
  byId<HTMLFormElement>('link-form').addEventListener('submit', (event) => void createLink(event));
  byId('links-prev').addEventListener('click', () => {
    linksPage = Math.max(1, linksPage - 1);
    void refreshLinks();
  });
  byId('links-next').addEventListener('click', () => {
    linksPage = Math.min(linksLastPage, linksPage + 1);
    void refreshLinks();
  });
  for (const trigger of document.querySelectorAll<HTMLButtonElement>('[data-bank-event]')) {
    trigger.addEventListener('click', () => void sendBankEvent(trigger.dataset.bankEvent ?? '', trigger));
  }
  const remembered = storedSecret();
  if (!remembered || !(await signIn(remembered))) byId('signin').hidden = false;
  document.body.dataset.ready = 'true';
}

void main();
