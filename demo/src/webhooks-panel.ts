// The back office's merchant webhooks: the endpoints (add one, with its secret shown once; delete),
// and the deliveries with each attempt's status code and a replay button. The back office passes
// its authenticated `api` and `notify`; this file owns the #webhooks section of backoffice.html.
import type { WebhookDelivery, WebhookEndpoint } from '../../contract/merchant-webhooks.ts';
import { currentLocale, messages, tr } from './backoffice-i18n/locale.ts';
import { failureText } from './failure-text.ts';

type Api = <T>(method: 'GET' | 'POST' | 'DELETE', path: string, options?: { body?: unknown; idempotencyKey?: string }) => Promise<T>;
type Notify = (message: string, isError?: boolean) => void;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(currentLocale(), { dateStyle: 'short', timeStyle: 'medium' }) : '');

function cell(label: string, content: string | Node, asWritten = false): HTMLTableCellElement {
  const td = document.createElement('td');
  td.dataset.label = tr(label);
  // Ids, URLs and event type names are not words: shown as written.
  if (asWritten) td.translate = false;
  if (typeof content === 'string') td.textContent = content;
  else td.append(content);
  return td;
}

function button(text: string, onClick: (trigger: HTMLButtonElement) => Promise<void>): HTMLButtonElement {
  const trigger = document.createElement('button');
  trigger.type = 'button';
  trigger.className = 'secondary';
  trigger.textContent = tr(text);
  trigger.addEventListener('click', async () => {
    trigger.disabled = true;
    try {
      await onClick(trigger);
    } finally {
      trigger.disabled = false;
    }
  });
  return trigger;
}

function attemptsText(delivery: WebhookDelivery): string {
  if (delivery.attempts.length === 0) return tr('not tried yet');
  return delivery.attempts.map((attempt) => messages().attemptAt(String(attempt.statusCode ?? attempt.error ?? tr('no answer')), when(attempt.at))).join('; ');
}

export function webhooksPanel(api: Api, notify: Notify) {
  // One key per intended creation: a double click replays it instead of adding two endpoints.
  let createKey = crypto.randomUUID();

  async function refreshEndpoints(): Promise<void> {
    const { items } = await api<{ items: WebhookEndpoint[] }>('GET', '/v1/merchant/webhook-endpoints');
    byId('webhook-endpoints-empty').hidden = items.length > 0;
    byId<HTMLTableElement>('webhook-endpoints-table').tBodies[0]!.replaceChildren(
      ...items.map((endpoint) => {
        const row = document.createElement('tr');
        row.dataset.endpointId = endpoint.id;
        const action =
          endpoint.origin === 'environment'
            ? 'MERCHANT_WEBHOOK_URL'
            : button('Delete', async () => {
                try {
                  await api('DELETE', `/v1/merchant/webhook-endpoints/${encodeURIComponent(endpoint.id)}`);
                  notify(messages().endpointDeleted(endpoint.id));
                  await refresh();
                } catch (error) {
                  notify(`${tr('Delete endpoint')}: ${failureText(error)}`, true);
                }
              });
        row.append(cell('Endpoint', endpoint.id, true), cell('URL', endpoint.url, true), cell('Types', endpoint.eventTypes.join(', ') || tr('all')), cell('Action', action));
        return row;
      }),
    );
  }

  async function refreshDeliveries(): Promise<void> {
    const state = byId<HTMLSelectElement>('webhook-deliveries-state').value;
    const { items } = await api<{ items: WebhookDelivery[] }>('GET', `/v1/merchant/webhook-deliveries?limit=25${state ? `&state=${state}` : ''}`);
    byId<HTMLTableElement>('webhook-deliveries-table').tBodies[0]!.replaceChildren(
      ...items.map((delivery) => {
        const row = document.createElement('tr');
        row.dataset.deliveryId = delivery.id;
        row.dataset.state = delivery.state;
        row.dataset.webhookId = delivery.webhookId;
        const replay = button('Replay', async () => {
          try {
            await api('POST', `/v1/merchant/webhook-deliveries/${encodeURIComponent(delivery.id)}/replay`, { idempotencyKey: crypto.randomUUID() });
            notify(messages().deliveryQueued(delivery.type, delivery.webhookId));
            await refreshDeliveries();
          } catch (error) {
            notify(`${tr('Replay')}: ${failureText(error)}`, true);
          }
        });
        const state = document.createElement('span');
        state.className = `badge badge-${delivery.state}`;
        state.textContent = tr(delivery.state);
        row.append(
          cell('Created', when(delivery.createdAt)),
          cell('Type', delivery.type, true),
          cell('Endpoint', delivery.endpointId, true),
          cell('State', state),
          cell('Attempts', attemptsText(delivery)),
          cell('Action', replay),
        );
        return row;
      }),
    );
  }

  async function create(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const types = String(data.get('eventTypes') ?? '').split(',').map((type) => type.trim()).filter(Boolean);
    try {
      const created = await api<WebhookEndpoint & { secret: string }>('POST', '/v1/merchant/webhook-endpoints', {
        body: { url: String(data.get('url') ?? ''), ...(types.length ? { eventTypes: types } : {}) },
        idempotencyKey: createKey,
      });
      createKey = crypto.randomUUID();
      form.reset();
      byId('webhook-secret').textContent = messages().signingSecret(created.id, created.secret);
      byId('webhook-secret').hidden = false;
      await refreshEndpoints();
    } catch (error) {
      notify(`${tr('Add endpoint')}: ${failureText(error)}`, true);
    }
  }

  async function refresh(): Promise<void> {
    try {
      await Promise.all([refreshEndpoints(), refreshDeliveries()]);
    } catch (error) {
      notify(`${tr('Webhooks')}: ${failureText(error)}`, true);
    }
  }

  byId<HTMLFormElement>('webhook-endpoint-form').addEventListener('submit', (event) => void create(event));
  byId('webhook-deliveries-state').addEventListener('change', () => void refresh());
  return { refresh };
}
