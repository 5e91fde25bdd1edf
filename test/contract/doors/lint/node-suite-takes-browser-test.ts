// planted as test/bff/planted.spec.ts (no-restricted-imports): a Node suite's test without the browser fixtures.
import { expect, test } from '@playwright/test';
test('planted', () => expect(1).toBe(1));
