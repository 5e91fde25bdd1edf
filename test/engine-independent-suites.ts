// The bff suites whose outcome cannot depend on the store's engine: `npm test` runs every other bff
// suite a second time on PostgreSQL, and these once, on SQLite. A suite belongs here when what it
// checks happens before or beside the store (HTTP edges, documents, the command lines, reading the
// upstreams' answers), so PostgreSQL would only run the same code again. Suites that exercise what
// the engines do differently stay off this list: the store and its machines, claims and leases, the
// inbox and outbox, limits shared through the database, two instances on one database, migrations.
export const engineIndependentSuites = [
  // Documents and the merchant's tools: the OpenAPI document, the reference page, quick start, README.
  'api-contract.spec.ts',
  'api-reference-page.spec.ts',
  'docs-quick-start.spec.ts',
  'openapi-client.spec.ts',
  'openapi-document.spec.ts',
  'operations.spec.ts',
  'readme-receiver.spec.ts',
  // The command lines and process start: help, flags, settings, the port.
  'cli-help-and-start-errors.spec.ts',
  'events-cli.spec.ts',
  'logging-and-config.spec.ts',
  'serve-app.spec.ts',
  // The deployable package: built, installed with npm ci --omit=dev in its own folder, started (SQLite there).
  'production-install.spec.ts',
  'api-docs-setting.spec.ts',
  // The HTTP edge: routing, CORS, headers, tokens, addresses and their spellings, outbound URLs.
  'app-shape.spec.ts',
  'client-address.spec.ts',
  'merchant-cors.spec.ts',
  'security.spec.ts',
  'tokens.spec.ts',
  'upstream-trust.spec.ts',
  'webhook-endpoint-addresses.spec.ts',
  // Addresses checked by the contract and mapped for the gateway.
  'costa-rica-address.spec.ts',
  'postal-codes.spec.ts',
  // Reading the gateway: its client, its answers as the spec allows them, a gateway not ours.
  'gateway-client.spec.ts',
  'outside-gateway.spec.ts',
  'spec-allowed-gateway-answers.spec.ts',
  'upstream-answers.spec.ts',
];
