// What the operators' endpoints answer (ARCHITECTURE.md: /healthz, /readyz).
import { z } from 'zod';

export const healthResponse = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponse>;

/** Ready when every check (database, upstream gateway) passed; 503 with the same body when not. */
export const readinessResponse = z.object({ status: z.enum(['ready', 'not_ready']), checks: z.record(z.string(), z.boolean()) });
export type ReadinessResponse = z.infer<typeof readinessResponse>;
