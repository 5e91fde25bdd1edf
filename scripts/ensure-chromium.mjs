// Browser check before the browser tests: CHROME_PATH, else Debian's /usr/bin/chromium.
// If neither exists and we are root with apt-get, install Debian's chromium; otherwise say what to install.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

export function ensureChromium() {
  const wanted = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (existsSync(wanted)) return wanted;
  if (process.env.CHROME_PATH) {
    throw new Error(`CHROME_PATH points at ${wanted}, which does not exist. Fix CHROME_PATH or unset it to use /usr/bin/chromium.`);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    throw new Error(
      'No Chromium found at /usr/bin/chromium. Install it with `sudo apt-get update && sudo apt-get install -y chromium` ' +
        '(Debian/Ubuntu), or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  console.log('[ensure-chromium] /usr/bin/chromium missing; installing Debian chromium with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(wanted)) throw new Error('apt-get finished but /usr/bin/chromium is still missing.');
  return wanted;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`[ensure-chromium] using ${ensureChromium()}`);
  } catch (error) {
    console.error(`[ensure-chromium] ${error.message}`);
    process.exit(1);
  }
}
