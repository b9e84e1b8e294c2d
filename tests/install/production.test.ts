import { execFile, spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, test } from "vitest";
import { repoRoot } from "../support/servers.ts";

const run = promisify(execFile);
let work = "";
afterAll(() => rm(work, { recursive: true, force: true }));

/**
 * The project as a fresh clone has it (every file git tracks, or would: nothing it ignores), installed
 * the way a server is: `npm ci --omit=dev`, without a single dev tool.
 */
test("a clean clone installed with npm ci --omit=dev builds with npx site build and serves with npx site serve", { timeout: 300_000 }, async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "site-production-"));
  const clone = path.join(work, "clone");
  const { stdout: listed } = await run("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
  for (const file of listed.split("\0").filter(Boolean)) {
    await mkdir(path.dirname(path.join(clone, file)), { recursive: true });
    await cp(path.join(repoRoot, file), path.join(clone, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error; // a file deleted but not yet committed
    });
  }
  const npm = { cwd: clone, env: { ...process.env, npm_config_audit: "false", npm_config_fund: "false" }, maxBuffer: 64 * 1024 * 1024 };
  await run("npm", ["ci", "--omit=dev", "--prefer-offline", "--no-progress"], npm);

  const installed = await readdir(path.join(clone, "node_modules"));
  for (const devTool of ["vitest", "@playwright", "lighthouse", "vnu-jar", "wrangler", "eslint", "smtp-server"])
    expect(installed, devTool).not.toContain(devTool);

  const built = await run("npx", ["site", "build"], npm);
  expect(built.stdout).toMatch(/^Built 160 pages/);

  const server = spawn("npx", ["site", "serve", "--port", "0", "--host", "127.0.0.1"], { ...npm, stdio: ["ignore", "pipe", "pipe"], detached: true });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = "";
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Serving \S+ at (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      };
      server.stdout.on("data", onData);
      server.stderr.on("data", onData);
      server.on("exit", (code) => reject(new Error(`site serve exited with ${code}:\n${output}`)));
    });
    const page = await fetch(`${url}/en/prices`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="en"');
    const sent = await fetch(`${url}/send-mail.php`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ name: "Maria", phone: "6900000000", message: "Locked out", lang: "en" }),
    });
    expect(await sent.json()).toEqual({ success: true });
  } finally {
    process.kill(-server.pid!, "SIGTERM");
  }
});
