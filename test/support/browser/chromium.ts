// Real Chromium for browser tests: the system build (apt's /usr/bin/chromium), driven by playwright-core.
import { type Browser, chromium } from "playwright-core";

/** Where Chromium is: FRAMELINE_CHROMIUM, or Debian's package. */
export const CHROMIUM_PATH = process.env.FRAMELINE_CHROMIUM ?? "/usr/bin/chromium";

/** Launches headless Chromium with no outside network (only 127.0.0.1 resolves). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    ],
  });
}
