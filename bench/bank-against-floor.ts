// The bank receiver with its inbox worker held back and the bare Hono floor (bank-floor.ts), measured
// against each other directly: a fresh server of each on the same deliveries, a round of the floor
// right before each round of the receiver, the figure the median of receiver ÷ floor over the rounds.
// The other comparison sets each against the baseline in a run of its own, one after the other, so a
// change of the disk's commit time or of the machine's load between the two runs moves its ratio; here
// each pair of rounds sees the same.
import type { BenchStack } from './bench-stack.ts';
import { floorIngestPlan, startBankFloor } from './bank-floor.ts';
import { bankReceiverPlan, workerHeldBack } from './bank-ingest.ts';
import { runLoad, runRounds, type SpeedRun } from './load-run.ts';

export async function measureReceiverAgainstFloor(stack: BenchStack, deliveries: readonly string[], options: { seconds: number; rounds: number }): Promise<SpeedRun> {
  const receiver = await stack.startBff('bank-bff-against-floor', workerHeldBack);
  const floor = await startBankFloor(stack.directory, 'bank-floor-against-receiver');
  try {
    const floorPlan = floorIngestPlan(floor.url, deliveries);
    // The receiver's first second is run and not counted (runRounds); the floor's, here.
    await runLoad({ ...floorPlan, seconds: Math.min(1, options.seconds / options.rounds) });
    return await runRounds(bankReceiverPlan(receiver.url, deliveries), {
      seconds: options.seconds,
      rounds: options.rounds,
      baseline: (seconds) => runLoad({ ...floorPlan, seconds }),
    });
  } finally {
    await receiver.stop();
    await floor.stop();
  }
}
