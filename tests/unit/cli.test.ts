import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFile, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { configJsonSchema } from "../../src/shared/config.ts";
import { repoRoot, runSite, startSite } from "../support/servers.ts";
import { tempDir } from "../server/helpers.ts";
import { differingFiles, fileTree } from "../support/file-tree.ts";
import { ownCacheDir } from "../support/fixture-site.ts";

const run = promisify(execFile);

// The machine's own Node.js, where it is older than the project's (Debian's is 20 here).
const systemNode = ["/usr/bin/node", "/usr/local/bin/node"].find((candidate) => existsSync(candidate));
const systemMajor = systemNode ? Number((await run(systemNode, ["--version"])).stdout.slice(1).split(".")[0]) : Infinity;

test.skipIf(systemMajor >= 24)("under an older Node.js, the CLI says in one line which version it found and how to get Node.js 24", async () => {
  const result = await run(systemNode!, [path.join(repoRoot, "bin/site.js"), "build"]).then(
    () => ({ code: 0, stderr: "" }),
    (error: { code: number; stderr: string }) => error,
  );
  const version = (await run(systemNode!, ["--version"])).stdout.trim().slice(1);
  expect(result.code).toBe(1);
  expect(result.stderr).toBe(
    `site needs Node.js 24 or newer, and this is Node.js ${version}: run it through npm (npm run build, npm start), which uses the Node.js 24 the project installs, or install Node.js 24 LTS from https://nodejs.org.\n`,
  );
});

test("site.config.schema.json is the config schema as `site config-schema` writes it, and the config names it", async () => {
  const committed = JSON.parse(await readFile(path.join(repoRoot, "site.config.schema.json"), "utf8")) as object;
  expect(committed, "run `npm run schema` after changing src/shared/config.ts").toEqual(configJsonSchema());
  expect((await readFile(path.join(repoRoot, "site.config.yml"), "utf8")).split("\n")[0]).toBe("# yaml-language-server: $schema=./site.config.schema.json");
  expect(JSON.parse((await runSite(["config-schema"])).stdout)).toEqual(committed);
});

test("site serve writes only JSON lines to stdout, and its address for people to stderr", async () => {
  const work = await tempDir("cli-logs");
  try {
    const dist = path.join(work.dir, "dist");
    expect((await runSite(["build", "--out", dist])).code).toBe(0);
    const server = await startSite(["serve", "--dir", dist, "--port", "0", "--host", "127.0.0.1"], { SITE_DATA_DIR: path.join(work.dir, "data") });
    await fetch(`${server.url}/en/prices`);
    await fetch(`${server.url}/nowhere`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.process.kill("SIGTERM");
    await new Promise((resolve) => server.process.once("exit", resolve));
    const { stdout, stderr } = server.streams();
    const lines = stdout.trim().split("\n");
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const events = lines.map((line) => (JSON.parse(line) as { event: string }).event);
    expect(events).toEqual(expect.arrayContaining(["server.started", "request", "server.stopped"]));
    expect(lines.find((line) => line.includes('"server.started"'))).toContain(`"url":"${server.url}"`);
    expect(stderr).toContain(`Serving ${dist}/ at ${server.url}`);
  } finally {
    await work.remove();
  }
});

test("site dev and site serve on a port already taken say so in two lines and exit 1, leaving nothing running", async () => {
  const taken = http.createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const { port } = taken.address() as AddressInfo;
  const work = await tempDir("cli-port-taken");
  try {
    const dist = path.join(work.dir, "dist");
    expect((await runSite(["build", "--out", dist])).code).toBe(0);
    for (const args of [
      ["dev", "--port", String(port), "--host", "127.0.0.1"],
      ["serve", "--dir", dist, "--port", String(port), "--host", "127.0.0.1"],
    ]) {
      // runSite resolves when the process exits: a watcher or worker left running would time the test out.
      const { code, stderr } = await runSite(args, { SITE_DATA_DIR: path.join(work.dir, "data") });
      expect(code, args[0]).toBe(1);
      const lines = stderr.split("\n").filter((line) => line && !line.startsWith("warning:"));
      expect(lines, args[0]).toEqual([`error: cannot listen on 127.0.0.1:${port}`, `  caused by: listen EADDRINUSE: address already in use 127.0.0.1:${port}`]);
    }
  } finally {
    taken.close();
    await work.remove();
  }
});

test("the threads the CLI starts (the build's writers and second reader, the server's store) are compiled with it and started from the compiled copy", async () => {
  expect((await runSite(["config-schema"])).code).toBe(0);
  // @ts-expect-error: plain JavaScript, run before anything is compiled
  const { compiledFolder } = (await import("../../bin/compiled-cli.js")) as { compiledFolder(): Promise<string> };
  const folder = await compiledFolder();
  const code = (
    await Promise.all(
      (await readdir(folder, { recursive: true })).filter((file) => file.endsWith(".js")).map((file) => readFile(path.join(folder, file), "utf8")),
    )
  ).join("\n");
  const started = [...code.matchAll(/new Worker\w*\(new URL\("([^"]+)"/g)].map((match) => match[1]!);
  const threads = started.filter((url) => /-thread\.\w+$/.test(url));
  expect(threads.map((url) => path.basename(url)).sort()).toEqual(["read-thread.js", "store-thread.js", "write-thread.js"]);
  for (const url of threads) expect(existsSync(fileURLToPath(url)), url).toBe(true);
  // zod is bundled in (its many small modules were slow to load); the other packages load from node_modules.
  expect(code).not.toMatch(/from "zod(\/[^"]*)?"/);
  expect(code).toMatch(/safeParse/);
  // With its English messages only (its other 40 languages are never shown), and a package.json
  // that says the modules are ES modules (Node looks for one no further than node_modules/).
  expect(code).toMatch(/Invalid input/);
  expect(code).not.toMatch(/Input tidak valid/); // Indonesian
  expect(JSON.parse(await readFile(path.join(folder, "package.json"), "utf8"))).toEqual({ type: "module" });
  expect(code).toMatch(/from "marked"/);
  expect(code).toMatch(/from "react-dom\/server"/);
});

test("the compiled CLI carries the templates' sheet and every island script, and builds with them what the sources build, byte for byte", async () => {
  const work = await tempDir("cli-compiled-assets");
  const [cliCache, sourcesCache] = [await ownCacheDir(), await ownCacheDir()];
  try {
    // Both into the same folder (site.json names it), one after the other.
    const out = path.join(work.dir, "dist");
    const compiled = path.join(work.dir, "compiled");
    expect((await runSite(["build", "--out", out], { SITE_CACHE_DIR: cliCache })).code).toBe(0);
    await rename(out, compiled);
    // @ts-expect-error: plain JavaScript, run before anything is compiled
    const { compiledFolder } = (await import("../../bin/compiled-cli.js")) as { compiledFolder(): Promise<string> };
    const assets = path.join(await compiledFolder(), "assets");
    expect(existsSync(path.join(assets, "templates-sheet.json"))).toBe(true);
    // Every set of islands' script, and its .br.
    const islands = await readdir(path.join(assets, "islands"));
    expect(islands.filter((file) => file.endsWith(".json"))).toHaveLength(63);
    expect(islands.filter((file) => file.endsWith(".js.br"))).toHaveLength(63);
    // The same site built from the sources (as this test runs them), which make both in the build.
    const { build } = await import("../../src/generator/build.ts");
    await build({ root: repoRoot, outDir: out, cacheDir: sourcesCache, warn: () => {} });
    const [made, fromSources] = [await fileTree(compiled), await fileTree(out)];
    expect([...made.keys()].sort()).toEqual([...fromSources.keys()].sort());
    expect(differingFiles(made, fromSources)).toEqual([]);
  } finally {
    await work.remove();
    await Promise.all([cliCache, sourcesCache].map((cache) => rm(cache, { recursive: true, force: true })));
  }
});
