// Command-line parsing shared by the CLIs (`npm run events`, `npm run bank`): node:util's parseArgs,
// with its refusals turned into one line a person can act on. A raw parseArgs error carries advice
// about `--` positionals and, uncaught, a stack; neither helps someone who mistyped a flag.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The person at the terminal asked for something the CLI does not offer; nothing was sent anywhere. */
export class UsageError extends Error {
  override name = 'UsageError';
}

type Options = NonNullable<ParseArgsConfig['options']>;
type WithHelp<O extends Options> = O & { help: { type: 'boolean'; short: 'h' } };
/** What parseArgs answers for these options (named: node:util does not export the type). */
type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: WithHelp<O> }>>;

/** Strict parse of `args` with `-h`/`--help` always known; an unknown or malformed flag throws UsageError. */
export function parseCommandLine<const O extends Options>(args: string[], options: O): Parsed<O> {
  try {
    return parseArgs({ args, allowPositionals: true, strict: true, options: { ...options, help: { type: 'boolean', short: 'h' } } as WithHelp<O> });
  } catch (error) {
    throw new UsageError(oneLine((error as Error).message));
  }
}

/** parseArgs's first sentence ("Unknown option '--x'."), without its advice on positionals. */
function oneLine(message: string): string {
  return message.split(/\. To specify a positional argument|\n/)[0]!.replace(/\.?$/, '.');
}
