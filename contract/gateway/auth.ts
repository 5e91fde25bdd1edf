import { z } from 'zod';
import { gatewayDateTime } from './common.ts';

/**
 * gateway-api.md §4.1/§4.2. Public plugins send `email` where the spec says `apiuser`
 * (gateway-facts.md "login"), so either one identifies the API user.
 */
const apiUserIdentity = {
  apiuser: z.string().min(1).optional(),
  email: z.string().min(1).optional(),
  password: z.string().min(1),
};
const oneIdentity = (body: { apiuser?: string | undefined; email?: string | undefined }) =>
  body.apiuser !== undefined || body.email !== undefined;

export const loginRequest = z
  .object(apiUserIdentity)
  .refine(oneIdentity, { message: 'apiuser (or email) is required', path: ['apiuser'] });
export type LoginRequest = z.infer<typeof loginRequest>;

/** API token: `expires_in` is an integer (unit "not shown", gateway-api.md §5.5). */
export const loginResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const loginSdkRequest = z
  .object({ ...apiUserIdentity, key: z.string().min(1) })
  .refine(oneIdentity, { message: 'apiuser (or email) is required', path: ['apiuser'] });
export type LoginSdkRequest = z.infer<typeof loginSdkRequest>;

/** SDK token: here `expires_in` is a `Y-m-d H:i:s` date-time string, not a duration. */
export const loginSdkResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: gatewayDateTime,
});
export type LoginSdkResponse = z.infer<typeof loginSdkResponse>;

/** The API user a login names, whichever field carried it. */
export function loginUserOf(request: LoginRequest | LoginSdkRequest): string {
  return request.apiuser ?? request.email ?? '';
}
