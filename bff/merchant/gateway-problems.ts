// What the merchant is told when the gateway refuses or cannot answer a merchant operation.
// A refusal and an unknown outcome are kept (Idempotency-Key replays them); 503 means nothing
// happened, so the same key may be retried.
import { problemTypes } from '../../contract/bff-api.ts';
import { GatewayError, GatewayUnavailableError } from '../gateway/errors.ts';
import { ProblemException } from '../http/problem.ts';

/** `writes`: the operation changes money or links at the gateway (a timeout leaves it unknown). */
export function gatewayProblem(error: unknown, operation: string, writes: boolean): ProblemException | undefined {
  if (error instanceof GatewayError) {
    if (error.type === '404') {
      return new ProblemException(404, { type: problemTypes.notFound, title: 'Not found', detail: `The gateway does not know this ${operation} target: ${error.message}` });
    }
    return new ProblemException(502, {
      type: problemTypes.upstream,
      title: 'Refused by the gateway',
      detail: `The gateway refused the ${operation}: ${error.message} (code ${error.type}).`,
    });
  }
  if (error instanceof GatewayUnavailableError && error.kind === 'invalid_response' && error.operation !== 'login') {
    // The gateway answered, but not readably: say so (and which fields), never "unavailable".
    const unsure = writes && error.mayHaveExecuted;
    return new ProblemException(502, {
      type: problemTypes.upstream,
      title: 'Unreadable gateway answer',
      detail: `The gateway answered the ${operation}, but its answer could not be read (${error.message}).${unsure ? " It may have been applied: check the order's transactions before trying again with a new key." : ''}`,
    });
  }
  if (error instanceof GatewayUnavailableError) {
    // A failed login means the operation itself was never sent.
    if (!writes || !error.mayHaveExecuted || error.operation === 'login') {
      return new ProblemException(503, {
        type: problemTypes.upstream,
        title: 'Gateway unavailable',
        detail: `The gateway is unavailable; ${writes ? `the ${operation} was not sent. ` : ''}Retry in a moment.`,
        headers: { 'Retry-After': '2' },
      });
    }
    return new ProblemException(502, {
      type: problemTypes.upstream,
      title: 'Outcome unknown',
      detail: `The gateway did not answer the ${operation} in time; it may have been applied. Check the order's transactions before trying again with a new key.`,
    });
  }
  return undefined;
}
