// The one answer to every refused webhook. Identical whatever the reason, so a sender probing
// with forged bodies cannot tell a wrong key from a flipped bit from a schema miss.
import { problemTypes } from '../../../contract/bff-api.ts';
import { ProblemException } from '../../http/problem.ts';

export function webhookRejected(): ProblemException {
  return new ProblemException(400, {
    type: problemTypes.validation,
    title: 'Bad request',
    detail: 'The delivery could not be accepted.',
  });
}
