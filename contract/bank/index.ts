/** The bank's webhook API (banking-webhooks.md) as schemas, the delivery codec and the reason codes. */
export * from './codec.ts';
export * from './delivery.ts';
export * from './envelope.ts';
export * from './destination.ts';
export * from './features.ts';
export * from './event-contracts.ts';
export * from './events.ts';
export * from './net-amount.ts';
export * from './reason-codes.ts';
export * from './timestamps.ts';
