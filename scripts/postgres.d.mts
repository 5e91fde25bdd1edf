// Types of postgres.mjs for TypeScript callers (test/multi starts its own server when no
// TEST_DATABASE_URL is given).
export function withPostgres<T>(body: (databaseUrl: string | undefined) => Promise<T>, options?: { port?: number | string }): Promise<T>;
