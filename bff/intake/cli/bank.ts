// Operators' command line for the bank's webhook API (features, contract, register); `--help` prints
// the flags and the environment it reads (the usage text below). Prints JSON; never prints a secret.
import { z } from 'zod';
import { parseCommandLine, UsageError } from '../../../node/command-line.ts';
import { bankEventTypes, isBankEventType } from '../../../contract/bank/event-types.ts';
import { BankApiError, BankClient } from '../banking/bank-client.ts';
import { registerOwnDestination } from '../banking/demo-destination.ts';
import { destinationRequestFrom, receiverUrl } from '../banking/destination-request.ts';
import { isLoopbackUrl } from '../../../contract/https-url.ts';
import { secretRefsOf } from '../webhooks/bank-delivery.ts';

const environmentHelp = `environment:
  BANK_BASE_URL      the bank's base address (the CLI adds /api/public/v1/...); required
  BANK_ACCESS_TOKEN  the bank's access token; required
  BANK_SECRET_REF    register: the secret deliveries are encrypted with (of current,previous the first is registered)
  PUBLIC_BFF_URL     register: the BFF's public URL; the receiver is <it>/v1/webhooks/banking (--bff-url overrides)
  BFF_PORT           register: without PUBLIC_BFF_URL, the receiver is http://127.0.0.1:$BFF_PORT (8787)`;

const usage = `usage: npm run bank -- features [--country CR] [--method SINPE_MOVIL|PIN]
       npm run bank -- contract <${bankEventTypes.join('|')}>
       npm run bank -- register [--feature <uuid>] [--url <webhook_url> | --bff-url <url>] [--scope TENANT|ACCOUNT|OWNER]
                                [--account <uuid>] [--owner-type <type>] [--owner-id <uuid>]

Run \`npm run bank -- <command> --help\` for a command's flags.

${environmentHelp}`;

const commandUsage: Record<string, string> = {
  features: `usage: npm run bank -- features [--country CR] [--method SINPE_MOVIL|PIN]

Lists the bank's webhook features (which event types each emits).

flags:
  --country <code>   only features for this country (ISO 3166-1 alpha-2)
  --method <code>    only features for this payment method (SINPE_MOVIL, PIN)
  -h, --help         this text

${environmentHelp}`,
  contract: `usage: npm run bank -- contract <${bankEventTypes.join('|')}>

Prints the bank's contract (schema) of one event type.

flags:
  -h, --help         this text

${environmentHelp}`,
  register: `usage: npm run bank -- register [--feature <uuid>] [--url <webhook_url> | --bff-url <url>] [--scope TENANT|ACCOUNT|OWNER]
                                [--account <uuid>] [--owner-type <type>] [--owner-id <uuid>]

Registers a webhook destination with the bank. Without --feature and with the TENANT scope it picks
the feature that emits all four event types.

flags:
  --feature <uuid>     the feature to register for
  --url <url>          the receiver (default: <--bff-url or PUBLIC_BFF_URL>/v1/webhooks/banking)
  --bff-url <url>      the BFF's public URL the receiver is built from (overrides PUBLIC_BFF_URL)
  --scope <kind>       TENANT (default), ACCOUNT (needs --account) or OWNER (needs --owner-type, --owner-id)
  --account <uuid>     ACCOUNT scope: the account
  --owner-type <type>  OWNER scope: the owner's type
  --owner-id <uuid>    OWNER scope: the owner's id
  -h, --help           this text

${environmentHelp}`,
};

const environment = z.object({
  BANK_BASE_URL: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
  BANK_ACCESS_TOKEN: z.string().trim().min(1),
  BANK_SECRET_REF: z.string().optional(),
  PUBLIC_BFF_URL: z.url({ protocol: /^https?$/ }).optional(),
  BFF_PORT: z.string().regex(/^\d+$/).default('8787'),
});

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
    return await runBankCommand(argv, env, (value) => output.out(`${JSON.stringify(value, null, 2)}\n`), (text) => output.out(text));
  } catch (error) {
    if (error instanceof UsageError) {
      const command = argv.find((argument) => !argument.startsWith('-'));
      output.err(`${error.message}\n\n${(command && commandUsage[command]) || usage}\n`);
      return 2;
    }
    if (error instanceof BankApiError && error.responseCode === 'UNAVAILABLE') {
      // No answer at all: the address is the likely culprit, so name the setting that holds it.
      output.err(`${error.message} at BANK_BASE_URL (${env.BANK_BASE_URL}): check the address and that the bank is up\n`);
      return 1;
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

async function runBankCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  print: (value: unknown) => void,
  printText: (text: string) => void,
): Promise<number> {
  const { positionals, values } = parseCommandLine(argv, {
    country: { type: 'string' },
    method: { type: 'string' },
    feature: { type: 'string' },
    url: { type: 'string' },
    'bff-url': { type: 'string' },
    scope: { type: 'string', default: 'TENANT' },
    account: { type: 'string' },
    'owner-type': { type: 'string' },
    'owner-id': { type: 'string' },
  });
  const [command, argument] = positionals;
  if (values.help) {
    printText(`${(command && commandUsage[command]) || usage}\n`);
    return 0;
  }
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
        webhookUrl: values.url ?? receiverUrl(values['bff-url'] ?? config.PUBLIC_BFF_URL ?? `http://127.0.0.1:${config.BFF_PORT}`),
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
