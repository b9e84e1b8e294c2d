import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

/**
 * The Chromium to test with: Playwright's own build where one is installed, else the system's:
 * Debian's `chromium-headless-shell` where `headlessShell` allows it (what Playwright itself runs
 * headless, without the full browser's interface; the browser tests take some 30 % less time with
 * it), else Debian's `chromium`. So the suite runs on a machine that cannot download browsers.
 * The benchmark's Lighthouse and save-to-reload figures are measured in the full browser (`headlessShell: false`).
 */
export function chromiumExecutable({ headlessShell = true } = {}): string | undefined {
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return undefined;
  } catch {
    // No bundled browser registered: fall through to the system one.
  }
  const system = [...(headlessShell ? ["/usr/bin/chromium-headless-shell"] : []), "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  for (const candidate of [process.env.CHROMIUM_PATH, ...system]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  throw new Error("No Chromium found: run `npx playwright install chromium` or `apt-get install chromium-headless-shell chromium`, or set CHROMIUM_PATH.");
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
