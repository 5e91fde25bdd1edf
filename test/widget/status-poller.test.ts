// Pure: the poller with an injected status source and page visibility (no element, no BFF).
import { expect } from '@open-wc/testing';
import type { OrderStatusResponse } from '../../contract/bff-api.ts';
import { BffError } from '../../widget/bff-client.ts';
import { outcomeOfStatus } from '../../widget/order-outcome.ts';
import { StatusPoller, type PageVisibility } from '../../widget/status-poller.ts';

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

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    initialDelayMs: 5,
    maxDelayMs: 20,
    maxFailures: 2,
  });
  return { poller, page, seen, calls: () => calls, failure: () => failure };
}

describe('StatusPoller', () => {
  describe('when the order becomes final', () => {
    it('reports every answer and stops at the final one', async () => {
      const run = pollerWith([status('pending', false), status('pending', false), status('approved', true)]);
      run.poller.start();
      await wait(150);
      expect(run.seen).to.deep.equal(['pending', 'pending', 'approved']);
      expect(run.calls()).to.equal(3);
      expect(run.poller.isRunning).to.equal(false);
    });
  });

  describe('when the page is hidden', () => {
    it('asks nothing until the page is visible again, then asks at once', async () => {
      const page = new FakePage();
      page.hidden = true;
      const run = pollerWith([status('pending', false), status('declined', true)], page);
      run.poller.start();
      await wait(60);
      expect(run.calls()).to.equal(0);
      page.setHidden(false);
      await wait(60);
      expect(run.seen).to.deep.equal(['pending', 'declined']);
    });

    it('stops asking when the page hides mid-way', async () => {
      const run = pollerWith([status('pending', false)]);
      run.poller.start();
      await wait(1);
      run.page.setHidden(true);
      const callsWhenHidden = run.calls();
      await wait(80);
      expect(run.calls()).to.equal(callsWhenHidden);
      run.poller.stop();
    });
  });

  describe('when the BFF cannot be reached', () => {
    it('retries a few times, then gives up with the error', async () => {
      const run = pollerWith([new BffError(0, undefined)]);
      run.poller.start();
      await wait(150);
      expect(run.calls()).to.equal(3);
      expect(run.failure()).to.be.instanceOf(BffError);
      expect(run.poller.isRunning).to.equal(false);
    });

    it('gives up at once on an error that retrying cannot fix', async () => {
      const run = pollerWith([new BffError(401, undefined)]);
      run.poller.start();
      await wait(50);
      expect(run.calls()).to.equal(1);
      expect((run.failure() as BffError).status).to.equal(401);
    });
  });
});

describe('outcomeOfStatus', () => {
  it('maps each final order status to what the shopper is told', () => {
    expect(outcomeOfStatus('approved')).to.equal('approved');
    expect(outcomeOfStatus('captured')).to.equal('approved');
    expect(outcomeOfStatus('declined')).to.equal('declined');
    expect(outcomeOfStatus('review')).to.equal('review');
    expect(outcomeOfStatus('expired')).to.equal('expired');
    expect(outcomeOfStatus('reversed')).to.equal('error');
  });
});
