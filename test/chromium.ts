/**
 * One place that says which Chromium the browser tests drive and how: Playwright's configs (e2e,
 * packaging), the API reference page's spec, bench/ and web-test-runner.config.mjs all launch it
 * with these arguments.
 * Debian's Chromium (apt-get install chromium) is used because no test tool may
 * download a browser here; scripts/ensure-chromium.mjs checks for it first.
 */
export const chromiumExecutable = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright itself turns off (playwright-core's chromiumSwitches). Chromium keeps only
 * the last `--disable-features` of a command line, so ours has to repeat them or they come back on;
 * test/e2e/chromium-args.spec.ts fails when the Playwright in use turns off one not listed here.
 */
export const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Browser features no test uses that cost CPU for every window (bench/README.md, "Suite CPU: the
 * browsers"). Headless Chromium is the full browser: each window (every test's page, every popup)
 * renders its address bar's suggestion popup as a WebUI page, in a renderer of its own, never shown.
 */
export const unusedChromiumFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

export const chromiumArgs = [
  // Without these, Chromium keeps dialing Google hosts that this closed network refuses.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // No GPU here: software compositing.
  '--disable-gpu',
  `--disable-features=${[...playwrightDisabledFeatures, ...unusedChromiumFeatures].join(',')}`,
];
