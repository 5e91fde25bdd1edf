// The storefront's stand-in for the buyer's bank app (sandbox only): when the widget awaits a SINPE
// Móvil transfer, a button sends it through the sandbox bank, which delivers its events to the BFF;
// the widget then shows the outcome by itself. The bank's failure reasons can be tried from the list.
import type { DemoConfig } from './demo-config.ts';

const outcomes = [
  { label: 'The transfer goes through', outcome: 'posted' },
  { label: 'Refused: insufficient funds (21)', outcome: 'failed', reasonCode: '21' },
  { label: 'Refused: phone not in the mobile registry (15303)', outcome: 'failed', reasonCode: '15303' },
  { label: 'Refused: bank unreachable (76)', outcome: 'failed', reasonCode: '76' },
  { label: 'Refused: account currency mismatch (27)', outcome: 'failed', reasonCode: '27' },
] as const;

type PendingEvent = Event & { reference: string; amount: string };

export function attachSinpeSimulator(element: HTMLElement, panel: HTMLElement, config: DemoConfig): void {
  if (!config.sandboxUrl) return;
  element.addEventListener('svc-sinpe-pending', (event) => show(panel, event as PendingEvent));
  for (const name of ['svc-approved', 'svc-declined']) element.addEventListener(name, () => panel.replaceChildren());
}

function show(panel: HTMLElement, pending: PendingEvent): void {
  const select = document.createElement('select');
  select.id = 'sinpe-outcome';
  for (const [index, choice] of outcomes.entries()) select.add(new Option(choice.label, String(index)));
  const label = document.createElement('label');
  label.htmlFor = select.id;
  label.textContent = 'What the bank does';
  const send = document.createElement('button');
  send.type = 'button';
  send.textContent = 'Simulate the transfer from my bank app';
  const note = document.createElement('p');
  note.className = 'hint';
  note.textContent = `Sandbox only: sends ${pending.amount} CRC with reference ${pending.reference}.`;
  send.addEventListener('click', async () => {
    const choice = outcomes[Number(select.value)] ?? outcomes[0];
    send.disabled = true;
    const response = await fetch('/api/sinpe-transfers', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reference: pending.reference, amount: pending.amount, ...choice }),
    }).catch(() => undefined);
    send.disabled = false;
    note.textContent = response?.ok ? 'Sent. The checkout shows the outcome as soon as the bank reports it.' : 'The sandbox did not take the transfer.';
  });
  const group = document.createElement('div');
  group.className = 'sinpe-simulator';
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', 'Sandbox bank app');
  group.append(label, select, send, note);
  panel.replaceChildren(group);
}
