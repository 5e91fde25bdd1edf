// The storefront's stand-in for the buyer's bank app (sandbox only): when the widget awaits a SINPE
// Móvil transfer, a button sends it through the sandbox bank, which delivers its events to the BFF;
// the widget then shows the outcome by itself. The bank's failure reasons can be tried from the list.
// In the page's language (es, en, pt-BR), and one column that fits a 390 px phone (demo.css).
import type { DemoConfig } from './demo-config.ts';

interface SimulatorWords {
  group: string;
  outcomeLabel: string;
  send: string;
  outcomes: readonly [posted: string, funds: string, registry: string, unreachable: string, currency: string];
  sends: (amount: string, reference: string) => string;
  sent: string;
  refused: string;
}

const words: Record<'en' | 'es' | 'pt', SimulatorWords> = {
  en: {
    group: 'Sandbox bank app',
    outcomeLabel: 'What the bank does',
    send: 'Simulate the transfer from my bank app',
    outcomes: [
      'The transfer goes through',
      'Refused: insufficient funds (21)',
      'Refused: phone not in the mobile registry (15303)',
      'Refused: bank unreachable (76)',
      'Refused: account currency mismatch (27)',
    ],
    sends: (amount, reference) => `Sandbox only: sends ${amount} CRC with reference ${reference}.`,
    sent: 'Sent. The checkout shows the outcome as soon as the bank reports it.',
    refused: 'The sandbox did not take the transfer.',
  },
  es: {
    group: 'App del banco de pruebas',
    outcomeLabel: 'Qué hace el banco',
    send: 'Simular la transferencia desde la app de mi banco',
    outcomes: [
      'La transferencia pasa',
      'Rechazada: fondos insuficientes (21)',
      'Rechazada: teléfono no inscrito en SINPE Móvil (15303)',
      'Rechazada: banco no disponible (76)',
      'Rechazada: la cuenta es de otra moneda (27)',
    ],
    sends: (amount, reference) => `Solo pruebas: envía ₡${amount} con la referencia ${reference}.`,
    sent: 'Enviada. El pago muestra el resultado en cuanto el banco lo informe.',
    refused: 'El banco de pruebas no aceptó la transferencia.',
  },
  pt: {
    group: 'App do banco de testes',
    outcomeLabel: 'O que o banco faz',
    send: 'Simular a transferência pelo app do meu banco',
    outcomes: [
      'A transferência é aprovada',
      'Recusada: saldo insuficiente (21)',
      'Recusada: telefone sem SINPE Móvil (15303)',
      'Recusada: banco indisponível (76)',
      'Recusada: conta em outra moeda (27)',
    ],
    sends: (amount, reference) => `Só testes: envia ₡${amount} com a referência ${reference}.`,
    sent: 'Enviada. O pagamento mostra o resultado assim que o banco informar.',
    refused: 'O banco de testes não aceitou a transferência.',
  },
};

/** The sandbox bank's outcomes, in the order of each language's list. */
const outcomes = [
  { outcome: 'posted' },
  { outcome: 'failed', reasonCode: '21' },
  { outcome: 'failed', reasonCode: '15303' },
  { outcome: 'failed', reasonCode: '76' },
  { outcome: 'failed', reasonCode: '27' },
] as const;

/** The page's language (the storefront sets `<html lang>`), as the simulator has it. */
function wordsOfPage(): SimulatorWords {
  const language = document.documentElement.lang.toLowerCase().split('-')[0];
  return language === 'es' ? words.es : language === 'pt' ? words.pt : words.en;
}

type PendingEvent = Event & { reference: string; amount: string };

export function attachSinpeSimulator(element: HTMLElement, panel: HTMLElement, config: DemoConfig): void {
  if (!config.sandboxUrl) return;
  element.addEventListener('svc-sinpe-pending', (event) => show(panel, event as PendingEvent));
  for (const name of ['svc-approved', 'svc-declined', 'svc-lapsed']) element.addEventListener(name, () => panel.replaceChildren());
}

function show(panel: HTMLElement, pending: PendingEvent): void {
  const t = wordsOfPage();
  const select = document.createElement('select');
  select.id = 'sinpe-outcome';
  for (const [index, label] of t.outcomes.entries()) select.add(new Option(label, String(index)));
  const label = document.createElement('label');
  label.htmlFor = select.id;
  label.textContent = t.outcomeLabel;
  const send = document.createElement('button');
  send.type = 'button';
  send.textContent = t.send;
  const note = document.createElement('p');
  note.className = 'hint';
  note.textContent = t.sends(pending.amount, pending.reference);
  send.addEventListener('click', async () => {
    const choice = outcomes[Number(select.value)] ?? outcomes[0];
    send.disabled = true;
    const response = await fetch('/api/sinpe-transfers', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reference: pending.reference, amount: pending.amount, ...choice }),
    }).catch(() => undefined);
    send.disabled = false;
    note.textContent = response?.ok ? t.sent : t.refused;
  });
  const group = document.createElement('div');
  group.className = 'sinpe-simulator';
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', t.group);
  group.append(label, select, send, note);
  panel.replaceChildren(group);
}
