// Operators' command line for the bank's webhook API:
//   npm run bank -- features [--country CR] [--method SINPE_MOVIL|PIN]
//   npm run bank -- contract <payin.posted|payment.succeeded|payment.failed|payment.reversed>
//   npm run bank -- register [--feature <uuid>] [--url <webhook_url>] [--scope TENANT|ACCOUNT|OWNER]
//                            [--account <uuid>] [--owner-type <type>] [--owner-id <uuid>]
// Reads BANK_BASE_URL, BANK_ACCESS_TOKEN, and for register BANK_SECRET_REF (the first secret is the
// one registered) and PUBLIC_BFF_URL (the default receiver). Prints JSON; never prints a secret.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { bankEventTypes, isBankEventType } from '../../contract/bank/event-types.ts';
import { BankApiError, BankClient } from '../banking/bank-client.ts';
import { registerOwnDestination } from '../banking/demo-destination.ts';
import { destinationRequestFrom, receiverUrl } from '../banking/destination-request.ts';
import { isLoopbackUrl } from '../../contract/https-url.ts';
import { secretRefsOf } from '../webhooks/bank-delivery.ts';

const usage = `usage: npm run bank -- features [--country CR] [--method SINPE_MOVIL|PIN]
       npm run bank -- contract <${bankEventTypes.join('|')}>
       npm run bank -- register [--feature <uuid>] [--url <webhook_url>] [--scope TENANT|ACCOUNT|OWNER]
                                [--account <uuid>] [--owner-type <type>] [--owner-id <uuid>]`;

const environment = z.object({
  BANK_BASE_URL: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
  BANK_ACCESS_TOKEN: z.string().trim().min(1),
  BANK_SECRET_REF: z.string().optional(),
  PUBLIC_BFF_URL: z.url({ protocol: /^https?$/ }).optional(),
  BFF_PORT: z.string().regex(/^\d+$/).default('8787'),
});

class UsageError extends Error {}

/** Where the command line writes: the process's streams, or a test's buffers. */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

const processOutput: CliOutput = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/** The bank's answer without its envelope, and without a secret_ref should one ever come back. */
function publicView(answer: Record<string, unknown>): Record<string, unknown> {
  const { response_code: _code, secret_ref: _secret, ...rest } = answer;
  return rest;
}

/** Runs one command; the exit code is 0 (done), 2 (usage: nothing was asked of the bank) or 1 (the bank or the network failed). */
export async function runBankCli(argv: string[], env: Record<string, string | undefined>, output: CliOutput = processOutput): Promise<number> {
  try {
    return await runBankCommand(argv, env, (value) => output.out(`${JSON.stringify(value, null, 2)}\n`));
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`${error.message}\n\n${usage}\n`);
      return 2;
    }
    if (error instanceof BankApiError) {
      output.err(`bank answered ${error.responseCode}: ${error.message} (correlation id ${error.correlationId})\n`);
      for (const field of error.fieldErrors) output.err(`  ${field.field}: ${field.message}\n`);
      return 1;
    }
    output.err(`${(error as Error).message}\n`);
    return 1;
  }
}

async function runBankCommand(argv: string[], env: Record<string, string | undefined>, print: (value: unknown) => void): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      country: { type: 'string' },
      method: { type: 'string' },
      feature: { type: 'string' },
      url: { type: 'string' },
      scope: { type: 'string', default: 'TENANT' },
      account: { type: 'string' },
      'owner-type': { type: 'string' },
      'owner-id': { type: 'string' },
    },
  });
  const [command, argument] = positionals;
  const parsedEnv = environment.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value)));
  if (!parsedEnv.success) {
    const names = [...new Set(parsedEnv.error.issues.map((issue) => String(issue.path[0])))];
    throw new UsageError(`set ${names.join(', ')} (the bank's webhook API and its access token)`);
  }
  const config = parsedEnv.data;
  const bank = new BankClient({ baseUrl: config.BANK_BASE_URL, accessToken: config.BANK_ACCESS_TOKEN, timeoutMs: 15_000 });

  switch (command) {
    case 'features': {
      const answer = await bank.features({
        ...(values.country !== undefined && { country_code: values.country.toUpperCase() }),
        ...(values.method !== undefined && { payment_method_code: values.method.toUpperCase() }),
      });
      print(publicView(answer));
      return 0;
    }
    case 'contract': {
      if (!argument || !isBankEventType(argument)) throw new UsageError(`contract needs one of: ${bankEventTypes.join(', ')}`);
      print(publicView(await bank.eventContract(argument)));
      return 0;
    }
    case 'register': {
      const secretRef = secretRefsOf(config.BANK_SECRET_REF)[0];
      if (!secretRef) throw new UsageError('register needs BANK_SECRET_REF (the secret deliveries are encrypted with)');
      const defaults = {
        webhookUrl: values.url ?? receiverUrl(config.PUBLIC_BFF_URL ?? `http://127.0.0.1:${config.BFF_PORT}`),
        secretRef,
        allowLoopbackHttp: isLoopbackUrl(config.BANK_BASE_URL),
      };
      if (!values.feature && values.scope === 'TENANT') {
        print(await registerOwnDestination(bank, defaults));
        return 0;
      }
      const request = destinationRequestFrom(
        {
          ...(values.feature !== undefined && { feature_id: values.feature }),
          scope_kind: values.scope,
          ...(values.account !== undefined && { scope_account_id: values.account }),
          ...(values['owner-type'] !== undefined && { scope_owner_type: values['owner-type'] }),
          ...(values['owner-id'] !== undefined && { scope_owner_id: values['owner-id'] }),
        },
        defaults,
      );
      // The scope rules are checked here, before the bank is asked.
      if (!request.success) throw new UsageError(request.error.issues.map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`).join('\n'));
      print(publicView(await bank.createDestination(request.data)));
      return 0;
    }
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runBankCli(process.argv.slice(2), process.env);
}
