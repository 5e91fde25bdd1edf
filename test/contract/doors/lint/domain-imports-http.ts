// planted as bff/payments/planted.ts (rooms/domain-http): the domain throws domain errors and knows nothing of HTTP.
export { ProblemException } from '../http/problem.ts';
