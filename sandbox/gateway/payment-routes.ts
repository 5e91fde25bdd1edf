import { approvedCode, gatewayResponseTypes, modificationSuccessReasonCodes } from '../../contract/gateway-facts.ts';
import { Hono } from 'hono';
import {
  consultRequest,
  consultTransactionsRequest,
  processModificationRequest,
  processPaymentRequest,
} from '../../contract/gateway/index.ts';
import { parseGatewayDateTime } from '../clock.ts';
import { operation } from '../control/operation.ts';
import type { SandboxState } from '../state.ts';
import { escapeHtml } from './payment-page.ts';
import { amountProblem, gatewayFailure, invalidKeyFailure, readGatewayBody, requestOrigin, requireApiToken, wrongKey } from './gateway-http.ts';
import { applyModification, decideModification } from './modification-rules.ts';
import { orderHashOf } from './order-result.ts';
import { recordsOf, toListItem, writtenRecord } from './transaction-records.ts';

/** processModification success (gateway-facts.md): the sandbox answers the first listed code. */
const modificationSuccessCode = modificationSuccessReasonCodes[0] ?? '1';

/** processPayment, consult, consultTransactions and processModification (gateway-api.md §4.3-4.5, §4.7). */
export function paymentRoutes(state: SandboxState) {
  const auth = requireApiToken(state);
  const merchantId = state.settings.merchant.merchantId;

  return new Hono()
    .post('/api/v1/processPayment', operation('processPayment', state), auth, async (c) => {
      const read = await readGatewayBody(c, processPaymentRequest);
      if (!read.ok) return read.response;
      const body = read.body;
      if (wrongKey(state, body.key)) return invalidKeyFailure(c);
      // The buyer's browser is sent there with a 303: only a web address may be a redirect.
      const problem = amountProblem(body.amount, body.currency);
      if (problem) return gatewayFailure(c, gatewayResponseTypes.integrationError, problem);
      if (!/^https?:\/\//i.test(body.redirect)) return gatewayFailure(c, gatewayResponseTypes.integrationError, 'redirect must be an http(s) URL.');
      if (state.ledger.approvedByOrderNumber(body.orderNumber)) {
        // gateway-facts.md "processPayment" (firm): type 200 is approved/reload, no new page.
        return c.json({ type: gatewayResponseTypes.ok, message: `Order ${body.orderNumber} is already approved.`, html: '', url: '' });
      }
      const order = state.ledger.create({
        orderNumber: body.orderNumber,
        amount: body.amount,
        currency: body.currency,
        email: body.billToEmail,
        captureRequested: body.capture === '1',
        redirect: body.redirect,
        returnData: body.returnData,
        subscription: body.subscription === '1',
        source: 'hosted',
        billTo: { city: body.billToCity, state: body.billToState, country: body.billToCountry, zipPostCode: body.billToZipPostCode },
      });
      const url = `${requestOrigin(c)}/hosted/${order.pageToken}`;
      const html = `<a href="${escapeHtml(url)}">Continue to the secure payment page</a>`;
      return c.json({ type: gatewayResponseTypes.hostedPageCreated, html, url });
    })
    .post('/api/v1/consult', operation('consult', state), auth, async (c) => {
      const read = await readGatewayBody(c, consultRequest);
      if (!read.ok) return read.response;
      const body = read.body;
      if (wrongKey(state, body.key)) return invalidKeyFailure(c);
      if (body.merchantId && body.merchantId !== merchantId) return c.json({ type: gatewayResponseTypes.ok, message: 'No transactions found.', response: [] });
      const now = state.clock.now();
      const response = state.ledger.byOrderNumber(body.orderNumber).flatMap((order) => recordsOf(order, merchantId, now, state.fees)).map((r) => writtenRecord(r.record, state.settings.profile));
      return c.json({ type: gatewayResponseTypes.ok, message: response.length ? 'OK' : 'No transactions found.', response });
    })
    .post('/api/v1/consultTransactions', operation('consultTransactions', state), auth, async (c) => {
      const read = await readGatewayBody(c, consultTransactionsRequest);
      if (!read.ok) return read.response;
      const body = read.body;
      if (wrongKey(state, body.key)) return invalidKeyFailure(c);
      const start = parseGatewayDateTime(body.startDate);
      const end = parseGatewayDateTime(body.endDate);
      if (!start || !end) return gatewayFailure(c, gatewayResponseTypes.integrationError, 'startDate and endDate must be Y-m-d H:i:s.');
      const now = state.clock.now();
      const items = state.ledger
        .all()
        .flatMap((order) => recordsOf(order, merchantId, now, state.fees))
        .filter(({ record, email, at }) => {
          if (at < start || at > end) return false;
          if (body.onlyAproved === 1 && record.code !== approvedCode) return false;
          // environment: 0 production, 1 test. Everything in the sandbox is Test.
          if (body.environment === 0) return false;
          if (body.currency?.length && !body.currency.includes(record.currency)) return false;
          if (body.merchantId && body.merchantId !== record.merchantId) return false;
          if (body.orderNumber && body.orderNumber !== record.orderNumber) return false;
          if (body.email && body.email.toLowerCase() !== email.toLowerCase()) return false;
          if (body.auth && body.auth !== record.auth) return false;
          return true;
        })
        .map((record) => writtenRecord(toListItem(record), state.settings.profile));
      return c.json({ type: gatewayResponseTypes.ok, message: items.length ? 'OK' : 'No transactions found.', response: items });
    })
    .post('/api/v1/processModification', operation('processModification', state), auth, async (c) => {
      const read = await readGatewayBody(c, processModificationRequest);
      if (!read.ok) return read.response;
      const body = read.body;
      if (wrongKey(state, body.key)) return invalidKeyFailure(c);
      const order = state.ledger.approvedByOrderNumber(body.orderNumber);
      const decision = decideModification(order, body.type, body.amount, state.clock.now());
      if (!decision.ok || !order) {
        const failure = decision.ok ? { reasonCode: '100', description: 'No approved transaction for this order' } : decision;
        // A refused modification: failure type and message, plus the ReasonCode fields clients read.
        return c.json({
          type: gatewayResponseTypes.integrationError,
          message: failure.description,
          transactionId: '',
          ReasonCode: failure.reasonCode,
          ReasonCodeDescription: failure.description,
          OrderHash: '',
        });
      }
      applyModification(order, decision.kind, decision.minor);
      const modification = state.ledger.addModification(order, decision.kind, decision.minor);
      return c.json({
        type: gatewayResponseTypes.ok,
        transactionId: String(modification.transactionId),
        ReasonCode: modificationSuccessCode,
        ReasonCodeDescription: 'Approved',
        // The modification's own transaction, not the payment's: each OrderHash is unique per transaction (gateway-api.md §6.1).
        OrderHash: await orderHashOf(state, { ...order, tpt: modification.transactionId }, modificationSuccessCode, order.outcome?.auth ?? '', modification.amount),
      });
    });
}
