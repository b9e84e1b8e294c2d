import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../servers.ts";
import { freePort, startServing } from "./process.ts";
import type { RunningHost } from "./types.ts";

/**
 * Cloudflare Pages' own local runtime: `wrangler pages dev` serving the folder with workerd,
 * offline, reading `_redirects` and `_headers` as Cloudflare does. What it printed (its warnings
 * about rules it skipped among them) stays readable through `output()`.
 */
export async function startCloudflarePages(dist: string): Promise<RunningHost & { output(): string }> {
  const port = await freePort();
  const inspector = await freePort();
  // Wrangler keeps its state in the folder it runs in: a temporary one, not the project.
  const work = await mkdtemp(path.join(os.tmpdir(), "site-wrangler-"));
  const url = `http://127.0.0.1:${port}`;
  const started = await startServing(
    path.join(repoRoot, "node_modules/.bin/wrangler"),
    ["pages", "dev", dist, "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspector), "--compatibility-date", "2026-10-01"],
    { url, cwd: work, env: { WRANGLER_SEND_METRICS: "false", CI: "1", NO_COLOR: "1", FORCE_COLOR: "0" }, timeoutMs: 90_000 },
  );
  return {
    name: "Cloudflare Pages",
    url,
    output: started.output,
    stop: async () => {
      await started.stop();
      await rm(work, { recursive: true, force: true });
    },
  };
}
