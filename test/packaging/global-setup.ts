// Once for the packaging suite: pack the widget, install the tarball with the bundlers into a temp
// folder, build, and serve the fixture apps on FIXTURES_PORT (the specs' baseURL).
import { prepareFixtures, serveFixtures } from './fixture-apps.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const timings: Record<string, number> = {};
  const root = prepareFixtures(timings);
  const fixtures = await serveFixtures(root, Number(process.env.FIXTURES_PORT), timings);
  console.log(`fixture apps ready: ${Object.entries(timings).map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  return () => fixtures.close();
}
