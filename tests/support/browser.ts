import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

/**
 * The Chromium to test with: Playwright's own build where one is installed, else the system's
 * (Debian's `chromium` package), so the suite runs on a machine that cannot download browsers.
 */
export function chromiumExecutable(): string | undefined {
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return undefined;
  } catch {
    // No bundled browser registered: fall through to the system one.
  }
  for (const candidate of [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  throw new Error("No Chromium found: run `npx playwright install chromium` or `apt-get install chromium`, or set CHROMIUM_PATH.");
}

/** Flags for a headless Chromium in a sandboxed container without network. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];
