// Pure: the poller with an injected status source and page visibility (no element, no BFF), on a
// manual clock: each check moves time past the next wait instead of sleeping through it.
import { expect } from '@open-wc/testing';
import type { OrderStatusResponse } from '../../contract/bff-api.ts';
import { BffError } from '../../widget/flow/bff-client.ts';
import { outcomeOf } from '../../widget/outcome/order-outcome.ts';
import { StatusPoller, type PageVisibility } from '../../widget/outcome/status-poller.ts';
import { ManualClock } from './support/manual-clock.ts';

class FakePage extends EventTarget implements PageVisibility {
  hidden = false;
  setHidden(hidden: boolean) {
    this.hidden = hidden;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

function status(value: OrderStatusResponse['status'], final: boolean): OrderStatusResponse {
  return { orderNumber: 'A1', status: value, final, amount: '10.00', currency: 'USD', attempts: 1, canRetry: false, updatedAt: '2026-01-01T00:00:00Z' };
}

function pollerWith(answers: Array<OrderStatusResponse | Error>, page = new FakePage()) {
  const seen: string[] = [];
  let calls = 0;
  let failure: unknown;
  const poller = new StatusPoller({
    fetchStatus: async () => {
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    onStatus: (answer) => seen.push(answer.status),
    onFailure: (error) => (failure = error),
    isRetryable: (error) => error instanceof BffError && error.status === 0,
    page: page as unknown as PageVisibility,
    initialDelayMs: 1000,
    maxDelayMs: 2000,
    maxFailures: 2,
  });
  return { poller, page, seen, calls: () => calls, failure: () => failure };
}

describe('StatusPoller', () => {
  let clock: ManualClock;
  beforeEach(() => (clock = new ManualClock().install()));
  afterEach(() => clock.uninstall());

  describe('when the order becomes final', () => {
    it('asks at once, then after 1 s, 1.5 s and at most the longest wait, and stops at the final answer', async () => {
      const pending = status('pending', false);
      const run = pollerWith([pending, pending, pending, pending, status('approved', true)]);
      run.poller.start();
      // [time moved on, requests by then]: at once, 1 s later, 1.5 s after that, then the 2 s ceiling.
      const timeline: Array<[number, number]> = [[0, 1], [999, 1], [1, 2], [1499, 2], [1, 3], [1999, 3], [1, 4], [2000, 5]];
      let elapsed = 0;
      for (const [advance, calls] of timeline) {
        await clock.tick(advance);
        elapsed += advance;
        expect(run.calls(), `requests after ${elapsed} ms`).to.equal(calls);
      }
      expect(run.seen).to.deep.equal(['pending', 'pending', 'pending', 'pending', 'approved']);
      expect(run.poller.isRunning).to.equal(false);
      await clock.tick(60_000);
      expect(run.calls()).to.equal(5);
      expect(clock.pending()).to.equal(0);
    });
  });

  describe('when the page is hidden', () => {
    it('asks nothing until the page is visible again, then asks at once', async () => {
      const page = new FakePage();
      page.hidden = true;
      const run = pollerWith([status('pending', false), status('declined', true)], page);
      run.poller.start();
      await clock.tick(60_000);
      expect(run.calls()).to.equal(0);
      page.setHidden(false);
      await clock.tick(0);
      expect(run.calls()).to.equal(1);
      await clock.tick(1000);
      expect(run.seen).to.deep.equal(['pending', 'declined']);
    });

    it('stops asking when the page hides mid-way', async () => {
      const run = pollerWith([status('pending', false)]);
      run.poller.start();
      await clock.tick(1000);
      expect(run.calls()).to.equal(2);
      run.page.setHidden(true);
      await clock.tick(60_000);
      expect(run.calls()).to.equal(2);
      expect(clock.pending()).to.equal(0);
      run.poller.stop();
    });
  });

  describe('when the BFF cannot be reached', () => {
    it('retries a few times, then gives up with the error', async () => {
      const run = pollerWith([new BffError(0, undefined)]);
      run.poller.start();
      await clock.tick(2500);
      expect(run.calls()).to.equal(3);
      expect(run.failure()).to.be.instanceOf(BffError);
      expect(run.poller.isRunning).to.equal(false);
      await clock.tick(60_000);
      expect(run.calls()).to.equal(3);
    });

    it('gives up at once on an error that retrying cannot fix', async () => {
      const run = pollerWith([new BffError(401, undefined)]);
      run.poller.start();
      await clock.tick(60_000);
      expect(run.calls()).to.equal(1);
      expect((run.failure() as BffError).status).to.equal(401);
    });
  });
});

describe('outcomeOf', () => {
  it('maps each final order status to what the shopper is told', () => {
    const of = (status: OrderStatusResponse['status'], canRetry = false) => outcomeOf({ status, canRetry });
    expect(of('approved')).to.equal('approved');
    expect(of('captured')).to.equal('approved');
    expect(of('refunded')).to.equal('approved');
    expect(of('declined')).to.equal('declined');
    expect(of('declined', true)).to.equal('declined');
    expect(of('cancelled', true)).to.equal('cancelled');
    expect(of('review')).to.equal('review');
    expect(of('expired')).to.equal('expired');
    expect(of('reversed')).to.equal('error');
  });

  it('a transfer whose time ran out, the order still open for another attempt: lapsed, never declined', () => {
    expect(outcomeOf({ status: 'expired', canRetry: true })).to.equal('lapsed');
  });
});
