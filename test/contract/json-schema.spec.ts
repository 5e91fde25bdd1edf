import { test, expect } from '../support/node-test.ts';
import { z } from 'zod';
import * as gateway from '../../contract/gateway/index.ts';
import * as bank from '../../contract/bank/index.ts';

// The BFF documents these messages in its OpenAPI 3.1 document, which zod builds through JSON Schema.
test('every gateway and bank schema converts to JSON Schema', () => {
  const schemas = Object.entries({ ...gateway, ...bank }).filter(([, value]) => value instanceof z.ZodType);
  expect(schemas.length).toBeGreaterThan(40);
  const failures: string[] = [];
  for (const [name, schema] of schemas) {
    try {
      z.toJSONSchema(schema as z.ZodType, { io: 'input' });
    } catch (error) {
      failures.push(`${name}: ${(error as Error).message}`);
    }
  }
  expect(failures).toEqual([]);
});
