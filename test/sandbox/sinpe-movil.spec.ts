// The sandbox's SINPE Móvil: the buyer's bank app simulated (a transfer in emits what the bank
// would, to the SINPE_MOVIL destinations only), and the hosted page's SINPE option (code=Pending).
import { expect, test } from '../support/node-test.ts';
import { deliveryBody } from '../../contract/bank/index.ts';
import { pendingCode } from '../../contract/gateway-facts.ts';
import { openDelivery } from '../../node/bank-delivery-codec.ts';
import { bankFeatures } from '../../sandbox/bank/bank.ts';
import { sandboxDefaults } from '../../sandbox/defaults.ts';
import { createHostedPayment } from './support/payments.ts';
import { startReceiver } from './support/receiver.ts';
import { cards, startSandboxUnderTest, type SandboxUnderTest } from './support/sandbox-under-test.ts';

const secretRef = 'test-secret-ref-sinpe';

let sandbox: SandboxUnderTest;
test.beforeEach(async () => {
  sandbox = await startSandboxUnderTest({ allowHttpLoopbackWebhooks: true });
});
test.afterEach(() => sandbox.close());

async function register(webhookUrl: string, method: 'SINPE_MOVIL' | 'PIN') {
  const feature = bankFeatures.find((f) => f.payment_method_code === method)!;
  const response = await fetch(`${sandbox.url}/banking/api/public/v1/webhook/destination`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandboxDefaults.bankAccessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ feature_id: feature.id, destination_kind: 'EXTERNAL_WEBHOOK', webhook_url: webhookUrl, secret_ref: secretRef, scope_kind: 'TENANT' }),
  });
  expect(response.status).toBe(201);
}

async function eventsReceived(receiver: Awaited<ReturnType<typeof startReceiver>>): Promise<any[]> {
  const events = [];
  for (const request of receiver.received) events.push(await openDelivery(deliveryBody.parse(JSON.parse(request.body)).data, secretRef));
  return events;
}

test('a posted transfer is confirmed then posted: payment.succeeded and payin.posted of one payment, with the buyer\'s reference, to SINPE_MOVIL destinations only', async () => {
  const sinpe = await startReceiver();
  const pin = await startReceiver();
  try {
    await register(`${sinpe.url}/hook`, 'SINPE_MOVIL');
    await register(`${pin.url}/hook`, 'PIN');
    const answer = await sandbox.control.sendSinpeTransfer({ reference: 'K7M3PX', amount: '15000.00', currency: 'CRC', phone: '88887777' });
    const events = await eventsReceived(sinpe);
    expect(events.map((e) => e.event.event_type)).toEqual(['payment.succeeded', 'payin.posted']);
    expect(new Set(events.map((e) => e.payment.payment_id))).toEqual(new Set([answer.payment_id]));
    expect(events[0].payment).toMatchObject({ client_reference: 'K7M3PX', amount: { amount: '15000.00', currency: 'CRC' } });
    expect(events[1].payment).toMatchObject({ status: 'posted', destination_phone_number: '+50688887777', reference: { client_reference: 'K7M3PX' } });
    expect(events.every((e) => e.context.payment_method_code === 'SINPE_MOVIL')).toBe(true);
    expect(pin.received).toHaveLength(0);
  } finally {
    await sinpe.close();
    await pin.close();
  }
});

test('a failed transfer emits payment.failed with the rail\'s reason code and its rejection', async () => {
  const receiver = await startReceiver();
  try {
    await register(`${receiver.url}/hook`, 'SINPE_MOVIL');
    await sandbox.control.sendSinpeTransfer({ reference: 'K7M3PX', amount: '15000.00', currency: 'CRC', outcome: 'failed', reasonCode: '15303' });
    const [failed] = await eventsReceived(receiver);
    expect(failed.event.event_type).toBe('payment.failed');
    expect(failed.rejection).toMatchObject({ code: 'WALLET_PHONE_NOT_REGISTERED_BCCR', reason_code: '15303' });
    expect(failed.payment.client_reference).toBe('K7M3PX');
  } finally {
    await receiver.close();
  }
});

test('a transfer without a reference, or sent by SMS without a detail, carries an empty client_reference; an SMS detail and a packed description are carried', async () => {
  const receiver = await startReceiver();
  try {
    await register(`${receiver.url}/hook`, 'SINPE_MOVIL');
    const bare = await sandbox.control.sendSinpeTransfer({ amount: '15000.00', currency: 'CRC', phone: '88887777' });
    const sms = await sandbox.control.sendSinpeTransfer({ amount: '12500.00', currency: 'CRC', phone: '88887777', channel: 'sms' });
    const detailed = await sandbox.control.sendSinpeTransfer({ amount: '12500.00', currency: 'CRC', phone: '88887777', channel: 'sms', reference: 'K7M3PX' });
    await sandbox.control.sendSinpeTransfer({ amount: '9000.00', currency: 'CRC', phone: '88887777', reference: 'K7M3PX', packed: true });
    expect(bare.sms).toBeUndefined();
    expect(sms.sms).toBe('PASE 12500 88887777');
    expect(detailed.sms).toBe('PASE 12500 88887777 K7M3PX');
    const events = await eventsReceived(receiver);
    expect(events.map((e) => e.event.event_type)).toEqual(Array.from({ length: 4 }, () => ['payment.succeeded', 'payin.posted']).flat());
    const packed = '01-2345-6789 | SANDBOX_PAYER | 0 | K7M3PX';
    expect(events.map((e) => e.payment.client_reference ?? e.payment.reference.client_reference)).toEqual(['', '', '', '', 'K7M3PX', 'K7M3PX', packed, packed]);
    expect(events.at(-3).payment.amount).toEqual({ amount: '12500.00', currency: 'CRC' });
  } finally {
    await receiver.close();
  }
});

test('a transfer with a float amount or an unknown channel is refused, naming the field', async () => {
  for (const [body, field] of [[{ amount: '100.00', currency: 'CRC', channel: 'fax' }, 'channel'], [{ reference: 'X', amount: 100.5, currency: 'CRC' }, 'amount']] as const) {
    const response = await fetch(`${sandbox.url}/_sandbox/bank/sinpe-transfers`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(field);
  }
});

test('the hosted page of a colones order offers SINPE Móvil and answers code=Pending; a dollar order\'s does not offer it', async () => {
  const crc = await createHostedPayment(sandbox, { orderNumber: 'SINPE-CRC', amount: '15000', currency: 'CRC' });
  expect(await (await fetch(crc)).text()).toContain('Use SINPE Móvil instead');
  const redirect = await sandbox.control.payHostedPage(crc, { card: cards.approved, sinpeMovil: true });
  expect(redirect.searchParams.get('code')).toBe(pendingCode);
  expect(redirect.searchParams.get('order')).toBe('SINPE-CRC');
  const usd = await createHostedPayment(sandbox, { orderNumber: 'SINPE-USD', amount: '25.00', currency: 'USD' });
  expect(await (await fetch(usd)).text()).not.toContain('value="sinpe_movil"');
});
