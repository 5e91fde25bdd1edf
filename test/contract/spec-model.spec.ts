// The spec model (sandbox/spec-model/) checked on its own: every written form keeps the meaning of
// its truth, as read by a tiny reading of our own here (not the BFF's), and every tolerated form the
// specs allow is actually drawn. FC_SEED replays a run; a failure prints its seed and path.
// Checks inside the draws are node:assert's: Playwright's expect records a step for each call, and
// over 300 draws of dozens of checks that bookkeeping was most of this file's time.
import assert from 'node:assert/strict';
import { expect, test } from '../support/node-test.ts';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  bankApiAnswerAsWritten,
  bankEventAsWritten,
  bankEventSequence,
  bankPayloadKeys,
  bankPaymentTruthArbitrary,
  consultAnswerAsWritten,
  consultNoTransactionsFailureAsWritten,
  deliveryDataAsWritten,
  gatewayAnswerAsWritten,
  modificationAnswerAsWritten,
  RawJsonNumber,
  sampleWritten,
  toJsonText,
  transactionListItemAsWritten,
  transactionRecordAsWritten,
  transactionTruthArbitrary,
  type BankEventFacts,
  type BankPaymentTruth,
  type TransactionTruth,
} from '../../sandbox/spec-model/index.ts';

const seed = Number(process.env.FC_SEED ?? 20_261_121);
const runs = { seed, numRuns: 300 };

/** The reading of this test: numbers with their commas removed, empties as "", text as text. */
const readNumber = (value: unknown) => Number(String(value).replace(/,/g, ''));
const readText = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
const withWritten = <T, W>(truths: fc.Arbitrary<T>, writer: (truth: T) => fc.Arbitrary<W>) => truths.chain((truth) => fc.tuple(fc.constant(truth), writer(truth)));

/** Draws of `arbitrary`: enough for a form drawn one time in twenty to show up. */
const drawsOf = <T>(arbitrary: fc.Arbitrary<T>) => fc.sample(arbitrary, { seed, numRuns: 300 });

const truth: TransactionTruth = {
  idSvc: 123,
  orderNumber: 'ORD-1',
  amount: '15000.00',
  currency: 'CRC',
  merchantId: '1001',
  code: '1',
  response: 'Approved',
  auth: '012345',
  commission: 525,
  ivaCommission: 68.25,
  retentionIva: 0,
  retentionRent: 0,
  cost: 0,
  costIva: 0,
  netToLiquidate: '14406.75',
  capture: 'Capture',
  card: '401200',
  last: '0071',
  environment: 'Test',
  type: 'Payment',
  date: '2026-11-21 14:05:09',
};

const bankTruth: BankPaymentTruth = {
  paymentId: '0b9b4f7e-3c1a-4d6e-9f2a-7c5d1e8b2a10',
  publicId: '9007199254740993',
  methodCode: 'SINPE_MOVIL',
  direction: 'PAYIN',
  amount: '10000.00',
  currency: 'CRC',
  clientReference: 'ORD-1',
  externalReference: 'FT00000000000001',
  destinationPhone: '+50688887777',
};

const failedFacts: BankEventFacts = {
  eventId: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  correlationId: '7a1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  occurredAt: '2026-11-21T14:05:09Z',
  status: 'failed',
  providerCorrelationId: '8b1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  failure: { domain: 'sinpe_rejection', platform: { code: 'PROVIDER_REJECTED' }, rejection: { code: 'SINPE_REJECTED', reason_code: '21', message: 'insufficient funds' } },
};

test.describe('gateway answers', () => {
  test('a written consult record keeps the id, order, outcome, authorization and amount of its truth', () => {
    fc.assert(
      fc.property(withWritten(transactionTruthArbitrary(), transactionRecordAsWritten), ([given, written]) => {
        const read = roundTrip(written);
        assert.equal(readNumber(read.id_svc), given.idSvc);
        assert.equal(readText(read.orderNumber), given.orderNumber);
        assert.equal(readText(read.code), given.code);
        assert.equal(readText(read.auth), given.auth);
        assert.equal(readText(read.type), given.type);
        assert.equal(readText(read.currency), given.currency);
        assert.equal(readNumber(read.amount), Number(given.amount));
      }),
      runs,
    );
  });

  test('a written list item keeps its id (§2.4 `id`) and amount', () => {
    const items = transactionTruthArbitrary().map(({ idSvc, netToLiquidate, ...rest }) => ({
      ...rest,
      id: idSvc,
      netToLiquidate: Number(netToLiquidate),
      taxes: '0.00',
      discount: '0.00',
      discountName: '',
      email: 'ana@example.com',
    }));
    fc.assert(
      fc.property(withWritten(items, transactionListItemAsWritten), ([given, written]) => {
        const read = roundTrip(written);
        assert.equal(readNumber(read.id), given.id);
        assert.equal(readNumber(read.amount), Number(given.amount));
        assert.equal('id_svc' in read, false);
      }),
      runs,
    );
  });

  test('a written consult answer is a success holding the same records, in any order; none reads as none', () => {
    fc.assert(
      fc.property(withWritten(fc.array(transactionTruthArbitrary(), { maxLength: 4 }), (records) => consultAnswerAsWritten(records)), ([records, written]) => {
        const read = roundTrip(written);
        assert.equal(readText(read.type), '200');
        const response = Array.isArray(read.response) ? (read.response as Array<Record<string, unknown>>) : [];
        if (!Array.isArray(read.response)) assert.ok([undefined, null, ''].includes(read.response as string | null | undefined));
        const ids = (list: number[]) => [...list].sort((a, b) => a - b);
        assert.deepEqual(ids(response.map((record) => readNumber(record.id_svc))), ids(records.map((record) => record.idSvc)));
      }),
      runs,
    );
  });

  test('a failure keeps its type code and an explanation; a success reason code still says success', () => {
    const failure = { type: '400', message: 'Not allowed', ReasonCode: '103', ReasonCodeDescription: 'Not allowed', transactionId: '', OrderHash: '' };
    for (const written of drawsOf(gatewayAnswerAsWritten('processModification', failure))) {
      const read = roundTrip(written);
      assert.equal(readText(read.type), '400');
      assert.equal(readText(read.ReasonCode), '103');
      assert.equal(readText(read.message ?? read.ReasonCodeDescription), 'Not allowed');
      assert.equal(readText(read.transactionId), '');
    }
    for (const written of drawsOf(modificationAnswerAsWritten({ transactionId: '77', reasonCode: '1', description: 'Approved', orderHash: 'ab'.repeat(32) }))) {
      const read = roundTrip(written);
      assert.ok(['1', '1101'].includes(readText(read.ReasonCode)));
      assert.equal(readText(read.transactionId), '77');
      assert.equal(read.OrderHash, 'ab'.repeat(32));
    }
    for (const written of drawsOf(consultNoTransactionsFailureAsWritten())) {
      assert.ok(['300', '400', '402', '403', '404'].includes(readText(roundTrip(written).type)));
    }
  });

  test('an answer of an unknown operation or shape keeps its values, written in their types', () => {
    for (const written of drawsOf(gatewayAnswerAsWritten(undefined, { type: '200', count: 3, label: 'x' }))) {
      const read = roundTrip(written);
      assert.deepEqual([readText(read.type), readNumber(read.count), read.label], ['200', 3, 'x']);
    }
  });

  test('every tolerated form of a record is drawn: null fee, absent date, comma amount, numeric code and id as text', () => {
    const records = drawsOf(transactionRecordAsWritten(truth)).map(roundTrip);
    assert.equal(records.some((record) => record.commission === null), true);
    assert.equal(records.some((record) => record.commission === '525'), true);
    assert.equal(records.some((record) => !('date' in record)), true);
    assert.equal(records.some((record) => record.amount === '15,000.00'), true);
    assert.equal(records.some((record) => record.amount === 15000), true);
    assert.equal(records.some((record) => record.code === 1), true);
    assert.equal(records.some((record) => record.id_svc === '123'), true);
    // Text that would not read back the same as a number stays text.
    assert.equal(records.every((record) => record.auth === '012345' && [undefined, null, '', '0071'].includes(record.last as never)), true);
    assert.equal(records.some((record) => Object.keys(record).some((key) => !(key in transactionRecordKeys))), true);
    const empty = drawsOf(consultAnswerAsWritten([])).map(roundTrip);
    assert.deepEqual(new Set(empty.map((answer) => ('response' in answer ? JSON.stringify(answer.response) : 'absent'))), new Set(['[]', 'null', '""', 'absent']));
    assert.equal(drawsOf(gatewayAnswerAsWritten('consult', { type: '200', message: 'OK', response: [] })).map(roundTrip).some((answer) => answer.type === 200), true);
  });
});

const transactionRecordKeys = Object.fromEntries(
  ['id_svc', 'orderNumber', 'amount', 'currency', 'merchantId', 'code', 'response', 'auth', 'commission', 'iva_commission', 'retention_iva', 'retention_rent', 'cost', 'cost_iva', 'net_to_liquidate', 'capture', 'card', 'last', 'environment', 'type', 'date'].map((key) => [key, true]),
);

/** public_id read from the raw text, never through JSON.parse (it would round above 2^53). */
const publicIdOf = (text: string) => /"public_id":"?(\d+)"?/.exec(text)?.[1];
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

test.describe('bank events', () => {
  test('an int64 public_id above 2^53 survives exactly in the JSON text, as a number or as digits', () => {
    const ids = fc.bigInt({ min: 2n ** 53n + 1n, max: 2n ** 63n - 1n }).map(String);
    fc.assert(
      fc.property(withWritten(ids, (publicId) => bankEventAsWritten('payment.failed', { ...bankTruth, publicId }, failedFacts)), ([publicId, text]) => {
        assert.equal(publicIdOf(text), publicId);
      }),
      runs,
    );
    // A string that looks like the marker stays a string.
    assert.equal(toJsonText({ a: new RawJsonNumber('9223372036854775807'), b: 'rawjson0:1', c: [new RawJsonNumber('-2')] }), '{"a":9223372036854775807,"b":"rawjson0:1","c":[-2]}');
  });

  test('every delivery of a sequence keeps its event, payment and status; the sequence is one §3 story', () => {
    const sequences = withWritten(bankPaymentTruthArbitrary({ amount: '10000.00', currency: 'CRC', clientReference: 'ORD-1' }), bankEventSequence);
    fc.assert(
      fc.property(sequences, ([payment, deliveries]) => {
        const typeOfEvent = new Map<string, string>();
        for (const delivery of deliveries) {
          const event = JSON.parse(delivery.text) as { event: Record<string, unknown>; payment: Record<string, unknown> & { amount: Record<string, unknown> } };
          assert.equal(event.event.event_id, delivery.eventId);
          assert.equal(event.event.event_type, delivery.type);
          assert.match(String(event.event.occurred_at), rfc3339);
          assert.equal(event.payment.payment_id, payment.paymentId);
          assert.equal(event.payment.status, delivery.status);
          assert.equal(publicIdOf(delivery.text), payment.publicId);
          if ('amount' in event.payment.amount) assert.equal(event.payment.amount.amount, '10000.00');
          // A retry repeats the event: the same id never names another event.
          assert.equal(typeOfEvent.get(delivery.eventId) ?? delivery.type, delivery.type);
          typeOfEvent.set(delivery.eventId, delivery.type);
        }
        const meanings = new Set(deliveries.map((delivery) => delivery.meaning));
        if (meanings.has('reversed')) assert.equal(meanings.has('succeeded') || meanings.has('arrived'), true);
        if (meanings.has('failed')) assert.equal(meanings.has('arrived') || meanings.has('reversed'), false);
      }),
      runs,
    );
  });

  test('a rejection is mirrored in provider.* or they are all null; without one, rejection is null or omitted', () => {
    const read = drawsOf(bankEventAsWritten('payment.failed', bankTruth, failedFacts)).map((text) => JSON.parse(text) as Record<string, Record<string, unknown>>);
    for (const event of read) {
      const status = [event.provider!.provider_status_code, event.provider!.provider_status_desc, event.provider!.provider_status_semantic];
      assert.ok([JSON.stringify(['21', 'insufficient funds', 'SINPE_REJECTED']), JSON.stringify([null, null, null])].includes(JSON.stringify(status)));
      expect(event.rejection).toMatchObject({ code: 'SINPE_REJECTED', reason_code: '21' });
    }
    const { rejection: _rejection, ...platformFailure } = failedFacts.failure!;
    const posting = drawsOf(bankEventAsWritten('payment.failed', bankTruth, { ...failedFacts, failure: { ...platformFailure, domain: 'platform_posting' } }));
    assert.deepEqual(new Set(posting.map((text) => String((JSON.parse(text) as Record<string, unknown>).rejection))), new Set(['null', 'undefined']));
  });

  test('every tolerated form of an event is drawn: milliseconds, absent amount, null provider fields, public_id as text', () => {
    const { failure: _failure, ...eventFacts } = failedFacts;
    const texts = drawsOf(bankEventAsWritten('payin.posted', bankTruth, { ...eventFacts, status: 'posted' }));
    const read = texts.map((text) => JSON.parse(text) as Record<string, Record<string, unknown> & { amount: Record<string, unknown> }>);
    expect(texts.some((text) => /"occurred_at":"[^"]+\.\d{3}Z"/.test(text))).toBe(true);
    assert.equal(read.some((event) => !('amount' in event.payment!.amount) && typeof event.payment!.amount === 'object'), true);
    assert.equal(read.some((event) => event.provider!.correlation_id === null), true);
    assert.equal(read.some((event) => !('destination_phone_number' in event.payment!)), true);
    assert.equal(texts.some((text) => text.includes(`"public_id":"${bankTruth.publicId}"`)), true);
    assert.equal(texts.some((text) => text.includes(`"public_id":${bankTruth.publicId}`)), true);
  });

  test('a sequence may tell of a payment that succeeded and then failed to post', () => {
    const truths = bankPaymentTruthArbitrary({ amount: '10000.00', currency: 'CRC' });
    const sequences = drawsOf(truths.chain(bankEventSequence));
    const postingFailures = sequences.filter((deliveries) => {
      const failed = deliveries.find((delivery) => delivery.meaning === 'failed');
      return failed && deliveries.some((delivery) => delivery.meaning === 'succeeded') && failed.text.includes('"domain":"platform_posting"');
    });
    assert.ok(postingFailures.length > 0);
    assert.equal(sequences.some((deliveries) => new Set(deliveries.map((delivery) => delivery.eventId)).size < deliveries.length), true);
  });

  test('delivery data is the same base64 on one line or as MIME lines of 76', () => {
    const base64 = Buffer.from(Array.from({ length: 300 }, (_, index) => index % 256)).toString('base64');
    const written = drawsOf(deliveryDataAsWritten(base64));
    for (const data of written) {
      assert.equal(data.replace(/\r?\n/g, ''), base64);
      if (data !== base64) assert.equal(data.split(/\r?\n/).every((line) => line.length <= 76), true);
    }
    assert.equal(written.some((data) => data.includes('\r\n')), true);
  });

  test('a bank answer carries its payload at the top level or under one envelope key, optional fields maybe absent', () => {
    const destination = { id: 'd-1', feature_id: 'f-1', destination_kind: 'EXTERNAL_WEBHOOK', is_enabled: true, replay_window_sec: 0, scope_kind: 'TENANT', signature_algo: 'AES_GCM', timeout_ms: 5000 };
    const answers = drawsOf(bankApiAnswerAsWritten(destination, 'CREATED', 'corr-1'));
    const payloadOf = (answer: Record<string, unknown>) =>
      (bankPayloadKeys.map((key) => answer[key]).find((value) => typeof value === 'object' && value !== null) ?? answer) as Record<string, unknown>;
    for (const answer of answers) {
      expect(answer).toMatchObject({ response_code: 'CREATED', correlation_id: 'corr-1' });
      expect(payloadOf(answer)).toMatchObject({ id: 'd-1', scope_kind: 'TENANT', is_enabled: true });
    }
    assert.equal(answers.some((answer) => 'data' in answer), true);
    assert.equal(answers.some((answer) => 'id' in answer), true);
    assert.equal(answers.some((answer) => !('timeout_ms' in payloadOf(answer))), true);
  });
});

test('sampleWritten: one seed, one draw', () => {
  const answer = consultAnswerAsWritten([truth]);
  assert.equal(JSON.stringify(sampleWritten(answer, 7)), JSON.stringify(sampleWritten(answer, 7)));
  assert.ok(new Set([1, 2, 3, 4, 5].map((one) => JSON.stringify(sampleWritten(answer, one)))).size > 1);
});

test('the model is written from the specs alone: it imports fast-check and itself only', () => {
  const folder = fileURLToPath(new URL('../../sandbox/spec-model/', import.meta.url));
  const imports = readdirSync(folder).flatMap((file) => [...readFileSync(`${folder}${file}`, 'utf8').matchAll(/\bfrom\s*['"]([^'"]+)['"]/g)].map((match) => match[1]!));
  assert.deepEqual(imports.filter((specifier) => specifier !== 'fast-check' && !/^\.\/[\w-]+\.ts$/.test(specifier)), []);
});
