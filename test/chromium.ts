/**
 * One place that says which Chromium the browser tests drive and how.
 * Debian's Chromium (apt-get install chromium) is used because no test tool may
 * download a browser here; scripts/ensure-chromium.mjs checks for it first.
 */
export const chromiumExecutable = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Without these, Chromium keeps dialing Google hosts that this closed network refuses. */
export const chromiumArgs = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-gpu',
];
