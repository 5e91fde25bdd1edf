// The browser tests' Chromium arguments (test/chromium.ts) as Chromium receives them: Chromium keeps
// only the last `--disable-features`, so ours must carry every feature Playwright turns off too.
// With the e2e suites, which launch the same Chromium.
import { chromium, expect, test } from '@playwright/test';
import { chromiumArgs, chromiumExecutable, unusedChromiumFeatures } from '../chromium.ts';

function featureLists(commandLine: string[]): string[][] {
  return commandLine.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));
}

test('the last --disable-features keeps every feature Playwright turns off, and turns off the unused ones', async () => {
  const server = await chromium.launchServer({ executablePath: chromiumExecutable, args: chromiumArgs });
  try {
    const lists = featureLists(server.process().spawnargs);
    // Playwright's own list first, ours last: the one Chromium uses.
    expect(lists.length).toBe(2);
    const [playwrights, effective] = [lists[0]!, lists.at(-1)!];
    expect(playwrights.filter((feature) => !effective.includes(feature))).toEqual([]);
    expect(unusedChromiumFeatures.filter((feature) => !effective.includes(feature))).toEqual([]);
  } finally {
    await server.close();
  }
});
