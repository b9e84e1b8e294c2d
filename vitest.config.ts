import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "tests/unit/**/*.test.{ts,tsx}",
      "tests/server/**/*.test.ts",
      "tests/quality/**/*.test.ts",
      "tests/hosts/**/*.test.ts",
      "tests/install/**/*.test.ts",
    ],
    // The project's image cache filled once, before the files run (see the setup).
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    // A file per core.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
