// The suites' measured figures, written to .test-output/reliability/<name>.json (and printed) so
// README.md and bench/README.md can quote what a run really measured. Figures are never asserted on time.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function recordFigures(name: string, figures: Record<string, unknown>): Promise<void> {
  const directory = join(process.cwd(), '.test-output', 'reliability');
  await mkdir(directory, { recursive: true });
  await writeFile(join(directory, `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`[figures] ${name} ${JSON.stringify(figures)}`);
}
