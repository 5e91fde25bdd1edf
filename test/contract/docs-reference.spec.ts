// The merchant docs (docs/*.md) against the code they describe: every problem type and every
// errors[].code the BFF can answer, every order status, every merchant event type and every sandbox
// test card must be on its page. The codes are read from the source itself, so a new code added
// without a line in docs/errors.md fails here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/node-test.ts';
import { orderStatuses } from '../../contract/bff-api.ts';
import { bankResponseCodes } from '../../contract/bank/envelope.ts';
import { testCards, type TestCardOutcome } from '../../contract/gateway-facts.ts';
import { invoiceMessagesEn } from '../../contract/invoice.ts';
import { merchantEventTypes } from '../../contract/merchant-webhooks.ts';
import { merchantRefusalCodes } from '../../contract/merchant-api.ts';
import { addressMessagesEn } from '../../contract/messages.en.ts';
import { problemTypes } from '../../contract/problem-types.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const doc = (name: string) => readFileSync(join(root, 'docs', name), 'utf8');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Every literal errors[].code in bff/ and contract/: a `code: '…'` in an object that also has a
 * `path` (the ProblemFieldError shape), the last argument of `invalidField(path, message, code)`, and
 * the codes the bank client gives its own failures (passed on as codes by bff/intake/banking/bank-problem.ts).
 */
function literalCodesInSource(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...sourceFiles('bff'), ...sourceFiles('contract')]) {
    const text = readFileSync(join(root, file), 'utf8');
    const patterns = [
      /\{[^{}]*\bpath\b[^{}]*\bcode: '([A-Za-z_]+)'[^{}]*\}/g,
      /\binvalidField\(\s*[^;]*?,\s*'([a-z_]+)',?\s*\)/g,
      /new BankApiError\(\s*\w+,\s*'([A-Z_]+)'/g,
      // A refusal decided apart from its route, which answers it with the field path (continued-order.ts).
      /\bkind: 'refuse',\s*code: '([a-z_]+)'/g,
    ];
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.set(match[1]!, file);
  }
  return found;
}

/** The codes docs/errors.md lists: the first cell of each table row, split on commas. */
function documentedCodes(markdown: string): Set<string> {
  const codes = new Set<string>();
  for (const row of markdown.matchAll(/^\| ((?:`[^`]+`(?:, )?)+) \|/gm)) {
    for (const code of row[1]!.matchAll(/`([^`]+)`/g)) codes.add(code[1]!);
  }
  return codes;
}

test.describe('docs/errors.md', () => {
  const errors = doc('errors.md');
  const listed = documentedCodes(errors);

  test('lists every problem type', () => {
    for (const type of Object.values(problemTypes)) expect(listed, `${type} in docs/errors.md`).toContain(type);
  });

  test('lists every errors[].code found in the source', () => {
    const inSource = literalCodesInSource();
    // The reader itself must work: it finds codes of each kind it looks for.
    for (const known of ['order_number_taken', 'idempotency_conflict', 'invalid_currency', 'UNAVAILABLE']) expect([...inSource.keys()]).toContain(known);
    const missing = [...inSource].filter(([code]) => !listed.has(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing, 'codes answered by the code but not in docs/errors.md').toEqual([]);
  });

  test('lists the address and invoice codes and the bank response codes passed on', () => {
    const errorCodes = [...Object.keys(addressMessagesEn), ...Object.keys(invoiceMessagesEn), ...bankResponseCodes.filter((code) => code !== 'OK' && code !== 'CREATED')];
    for (const code of errorCodes) expect(listed, `${code} in docs/errors.md`).toContain(code);
  });

  test('lists every merchant refusal code (the problem\'s own `code`)', () => {
    for (const code of merchantRefusalCodes) expect(listed, `${code} in docs/errors.md`).toContain(code);
  });
});

test('docs/statuses-and-capture.md explains every order status', () => {
  const page = doc('statuses-and-capture.md');
  for (const status of orderStatuses) expect(page, status).toMatch(new RegExp(`^\\| \`${status}\` \\|`, 'm'));
});

/** How docs/testing.md words each outcome (a new outcome fails the typecheck until it has words). */
const outcomeWords: Record<TestCardOutcome, string> = {
  approved: 'approved',
  denied: 'denied',
  insufficient_funds: 'insufficient funds',
  invalid_cvv: 'invalid CVV',
  lost_stolen: 'lost or stolen',
};

test('docs/testing.md lists every sandbox test card with its outcome', () => {
  const page = doc('testing.md');
  for (const [card, outcome] of Object.entries(testCards)) expect(page).toContain(`| \`${card}\` | ${outcomeWords[outcome]} |`);
});

test('docs/webhooks.md lists every merchant event type', () => {
  const page = doc('webhooks.md');
  for (const type of merchantEventTypes) expect(page, type).toMatch(new RegExp(`^\\| \`${type.replaceAll('.', '\\.')}\` \\|`, 'm'));
});

test('every relative link of the docs, the README and the changelog points at a file that exists', () => {
  const pages = ['README.md', 'CHANGELOG.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
  const broken = pages.flatMap((page) =>
    [...readFileSync(join(root, page), 'utf8').matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => !existsSync(join(root, dirname(page), target)))
      .map((target) => `${page} → ${target}`),
  );
  expect(broken).toEqual([]);
});
