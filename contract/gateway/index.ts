/** Every message of gateway-api.md as a zod schema (classic zod: the BFF derives OpenAPI from it). */
export * from './common.ts';
export * from './auth.ts';
export * from './hosted-page.ts';
export * from './transactions.ts';
export * from './modification.ts';
export * from './split.ts';
export * from './links.ts';
