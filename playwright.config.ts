import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "./tests/support/browser.ts";

const executablePath = chromiumExecutable();
const launchOptions = { executablePath, args: chromiumArgs };

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: { trace: "off", serviceWorkers: "block" },
  projects: [
    {
      name: "phone",
      use: { ...devices["Pixel 5"], viewport: { width: 360, height: 780 }, browserName: "chromium", launchOptions },
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, browserName: "chromium", launchOptions },
    },
  ],
});
