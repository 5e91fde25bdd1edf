import { SandboxClock } from './clock.ts';
import { SeededRandom } from './seeded-random.ts';
import { CallCounter } from './control/call-counter.ts';
import { FaultTable } from './control/faults.ts';
import { TokenStore } from './gateway/tokens.ts';
import { Ledger } from './gateway/ledger.ts';
import { LinkBook } from './gateway/link-book.ts';
import { Bank } from './bank/bank.ts';
import type { SandboxMerchant } from './defaults.ts';
import type { GatewayProfile } from './gateway/gateway-profile.ts';
import { AnswerVariants } from './variants/answer-variants.ts';
import { defaultFeeSchedule, type FeeSchedule } from './gateway/fee-schedule.ts';

export interface SandboxSettings {
  merchant: SandboxMerchant;
  bankAccessToken: string;
  /** Allows http:// webhook URLs when the host is loopback (local demo only). */
  allowHttpLoopbackWebhooks: boolean;
  /** Outgoing deliveries (link webhooks, bank events) go through this. */
  fetch: typeof fetch;
  /** How the gateway's answers are written: the spec's, or the real service's as observed (gateway-profile.ts). */
  profile: GatewayProfile;
}

/** All the sandbox remembers. One instance per createSandbox(); nothing is global. */
export interface SandboxState {
  settings: SandboxSettings;
  clock: SandboxClock;
  random: SeededRandom;
  calls: CallCounter;
  faults: FaultTable;
  tokens: TokenStore;
  ledger: Ledger;
  links: LinkBook;
  bank: Bank;
  /** The variance mode (off unless SANDBOX_VARIANTS=1 or switched on through /_sandbox/variants). */
  variants: AnswerVariants;
  /** What the processor deducts from an approved card payment (POST /_sandbox/fees changes it). */
  fees: FeeSchedule;
}

export function createState(
  settings: SandboxSettings,
  seed: string | number,
  now: (() => Date) | undefined,
  variants = false,
  everyForm = false,
  fees: FeeSchedule = defaultFeeSchedule,
): SandboxState {
  const clock = new SandboxClock(now);
  const random = new SeededRandom(seed);
  const calls = new CallCounter(clock);
  const faults = new FaultTable(random);
  const tokens = new TokenStore(clock, random);
  const ledger = new Ledger(clock, random);
  const links = new LinkBook(clock, random);
  const answerVariants = new AnswerVariants(variants, String(seed), everyForm);
  const bank = new Bank(clock, random, settings, answerVariants);
  return { settings, clock, random, calls, faults, tokens, ledger, links, bank, variants: answerVariants, fees };
}
