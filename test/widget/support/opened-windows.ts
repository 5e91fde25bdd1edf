/** Runs `work` with the windows the element opens recorded (real popups, so the browser's rules apply), and closes them after. */
export async function recordingOpenedWindows(work: (opened: ReadonlyArray<Window | null>) => Promise<void>): Promise<void> {
  const opened: Array<Window | null> = [];
  const realOpen = window.open.bind(window);
  window.open = (...args: Parameters<typeof window.open>) => {
    const popup = realOpen(...args);
    opened.push(popup);
    return popup;
  };
  try {
    await work(opened);
  } finally {
    window.open = realOpen;
    for (const popup of opened) popup?.close();
  }
}
