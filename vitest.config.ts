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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A file per core (vitest's default leaves one core out): most tests wait on the builds,
    // servers and browsers they start, and on two cores the suite took 5.4 min one file at a time,
    // 3.6 min two at a time.
    maxWorkers: availableParallelism(),
  },
});
