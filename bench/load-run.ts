// Bounded autocannon runs against one endpoint, reduced to the figures the load and speed targets ask
// for: successful requests/s, p50 and p99 latency, and every kind of error. A figure is taken in
// short rounds that alternate with a round of the baseline: on a shared, noisy machine the load
// of other work changes within seconds, and a ratio only holds when both sides saw the same.
import autocannon from 'autocannon';

export interface LoadFigure {
  /** Answers with a 2xx status per second of the run (errors are counted apart, never in the rate). */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers of any status. */
  responses: number;
  /** Connection errors and timeouts (no answer at all). */
  errors: number;
  timeouts: number;
  /** Answers outside 2xx. */
  non2xx: number;
  statusCodes: Record<string, number>;
  seconds: number;
  connections: number;
}

export interface LoadPlan {
  /** The whole URL of the endpoint (path included). */
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Statuses outside 2xx that are the expected answer here (304 to a revalidation), counted in the rate. */
  answeredStatuses?: number[];
  /** A fixed body, or one made per request (unique ids, fresh sessions). */
  body?: string | (() => string);
  /** Headers made per request (a fresh session's bearer token). */
  headersPerRequest?: () => Record<string, string>;
  seconds: number;
  connections?: number;
  /** One-use inputs left (a pool of sessions or deliveries): a run stops before it runs out. */
  remaining?: () => number;
  /** Sees every answer (e.g. to keep the session tokens a creation run hands out). */
  onResponse?: (status: number, body: string) => void;
}

export const defaultConnections = 10;

export async function runLoad(plan: LoadPlan): Promise<LoadFigure> {
  const connections = plan.connections ?? defaultConnections;
  // autocannon builds a request ahead on each connection: keep that margin so no input is used twice.
  const maxRequests = plan.remaining ? plan.remaining() - 2 * connections : undefined;
  const target = new URL(plan.url);
  const baseHeaders = { ...(plan.headers ?? {}) };
  const perRequest = typeof plan.body === 'function' || plan.headersPerRequest !== undefined;
  const bodyOf = plan.body;
  const result = await autocannon({
    url: target.origin,
    connections,
    duration: plan.seconds,
    timeout: 10,
    ...(maxRequests !== undefined ? { maxOverallRequests: maxRequests } : {}),
    requests: [
      {
        method: plan.method ?? 'GET',
        path: target.pathname + target.search,
        headers: baseHeaders,
        ...(typeof bodyOf === 'string' ? { body: bodyOf } : {}),
        ...(perRequest
          ? {
              setupRequest: (request) => ({
                ...request,
                headers: { ...baseHeaders, ...(plan.headersPerRequest?.() ?? {}) },
                ...(typeof bodyOf === 'function' ? { body: bodyOf() } : {}),
              }),
            }
          : {}),
        ...(plan.onResponse ? { onResponse: (status: number, body: string) => plan.onResponse?.(status, body) } : {}),
      },
    ],
  });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]));
  const responses = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  return {
    requestsPerSecond: (result['2xx'] + (plan.answeredStatuses ?? []).reduce((sum, code) => sum + (statusCodes[String(code)] ?? 0), 0)) / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    responses,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx - (plan.answeredStatuses ?? []).reduce((sum, code) => sum + (statusCodes[String(code)] ?? 0), 0),
    statusCodes,
    seconds: result.duration,
    connections,
  };
}

export interface SpeedRun {
  /** All rounds together: requests/s over the whole time, p50 the median round's, p99 the worst round's. */
  figure: LoadFigure;
  rounds: LoadFigure[];
  /** The baseline's rounds together, when one was measured. */
  baseline?: LoadFigure;
  /** Median over rounds of (round requests/s ÷ the baseline round right before it). */
  ratio?: number;
  roundRatios?: number[];
}

export interface RoundOptions {
  /** Total time of the figure's rounds (the baseline's rounds come on top). */
  seconds: number;
  rounds?: number;
  /** One round of the baseline, of the given length; run right before each round of the figure. */
  baseline?: (seconds: number) => Promise<LoadFigure>;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export function mergeRounds(rounds: readonly LoadFigure[]): LoadFigure {
  const statusCodes: Record<string, number> = {};
  for (const round of rounds) for (const [code, count] of Object.entries(round.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const sum = (pick: (figure: LoadFigure) => number) => rounds.reduce((total, round) => total + pick(round), 0);
  const seconds = sum((round) => round.seconds);
  return {
    requestsPerSecond: seconds > 0 ? sum((round) => round.requestsPerSecond * round.seconds) / seconds : 0,
    p50Ms: median(rounds.map((round) => round.p50Ms)),
    p99Ms: Math.max(...rounds.map((round) => round.p99Ms)),
    responses: sum((round) => round.responses),
    errors: sum((round) => round.errors),
    timeouts: sum((round) => round.timeouts),
    non2xx: sum((round) => round.non2xx),
    statusCodes,
    seconds: Math.round(seconds * 100) / 100,
    connections: rounds[0]?.connections ?? defaultConnections,
  };
}

/** Runs `plan` in rounds (default 5), each after a baseline round when a baseline is given. */
export async function runRounds(plan: Omit<LoadPlan, 'seconds'>, options: RoundOptions): Promise<SpeedRun> {
  const roundCount = options.rounds ?? 5;
  const roundSeconds = options.seconds / roundCount;
  const rounds: LoadFigure[] = [];
  const baselineRounds: LoadFigure[] = [];
  // JIT warm-up: the first second of a fresh route runs cold code (and the first GCs of a new
  // process); it is run, not counted. Inputs it uses come out of the pool like any request's.
  if (!plan.remaining || plan.remaining() > 4 * (plan.connections ?? defaultConnections)) {
    await runLoad({ ...plan, seconds: Math.min(1, roundSeconds) });
  }
  for (let index = 0; index < roundCount; index++) {
    if (plan.remaining && plan.remaining() <= 2 * (plan.connections ?? defaultConnections) + 1) break;
    if (options.baseline) baselineRounds.push(await options.baseline(roundSeconds));
    rounds.push(await runLoad({ ...plan, seconds: roundSeconds }));
  }
  if (rounds.length === 0) throw new Error(`no input left for ${plan.url}`);
  const run: SpeedRun = { figure: mergeRounds(rounds), rounds };
  if (baselineRounds.length) {
    const roundRatios = rounds.map((round, index) => {
      const baseline = baselineRounds[index]!.requestsPerSecond;
      return baseline > 0 ? round.requestsPerSecond / baseline : 0;
    });
    Object.assign(run, { baseline: mergeRounds(baselineRounds), ratio: median(roundRatios), roundRatios });
  }
  return run;
}
