import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildInputs, toolDigest } from "../../src/generator/freshness.ts";
import { fixtureSite } from "../support/fixture-site.ts";
import { runSite } from "../support/servers.ts";

describe("the build's inputs digest changes with every input", () => {
  let site: string;
  let tool: string;
  const digest = (env: NodeJS.ProcessEnv = {}, out = "dist") => buildInputs(site, out, env, { toolRoot: tool });

  beforeAll(async () => {
    site = await fixtureSite();
    // A stand-in for the generator's own folder: its sources and its installed packages.
    tool = await mkdtemp(path.join(os.tmpdir(), "site-tool-"));
    await mkdir(path.join(tool, "src"), { recursive: true });
    await mkdir(path.join(tool, "node_modules"), { recursive: true });
    await writeFile(path.join(tool, "src/build.ts"), "export {};\n");
    await writeFile(path.join(tool, "package.json"), "{}\n");
    await writeFile(path.join(tool, "node_modules/.package-lock.json"), '{"packages":{"node_modules/marked":{"version":"18.2.1"}}}\n');
  });
  afterAll(async () => {
    await rm(site, { recursive: true, force: true });
    await rm(tool, { recursive: true, force: true });
  });

  const changes: [string, (before: string) => Promise<string>][] = [
    ["content", async () => (await writeFile(path.join(site, "content/blog/defender-benefits/en.md"), "---\ntitle: x\n---\n"), digest())],
    ["a locale", async () => (await writeFile(path.join(site, "locales/fr/translation.json"), "{}"), digest())],
    ["the config", async () => (await writeFile(path.join(site, "site.config.yml"), "brand: x\n"), digest())],
    [
      "a file in public/",
      async () => (await mkdir(path.join(site, "public"), { recursive: true }), await writeFile(path.join(site, "public/x.pdf"), "%PDF"), digest()),
    ],
    ["the generator's sources", async () => (await writeFile(path.join(tool, "src/build.ts"), "export const x = 1;\n"), digest())],
    [
      "an installed package's version",
      async () => (
        await writeFile(path.join(tool, "node_modules/.package-lock.json"), '{"packages":{"node_modules/marked":{"version":"18.2.2"}}}\n'),
        digest()
      ),
    ],
    ["SITE_ORIGIN", async () => digest({ SITE_ORIGIN: "https://staging.example.gr" })],
    ["GA_MEASUREMENT_ID", async () => digest({ GA_MEASUREMENT_ID: "G-TEST12345" })],
    ["RECAPTCHA_SITE_KEY", async () => digest({ RECAPTCHA_SITE_KEY: "6LeTestSiteKey00000000000000000000000000" })],
    ["CONTACT_ENDPOINT", async () => digest({ CONTACT_ENDPOINT: "/api/contact" })],
    ["CONTACT_FORWARD", async () => digest({ CONTACT_FORWARD: "https://forms.example.gr/send-mail.php" })],
    ["the output folder", async () => digest({}, "/tmp/elsewhere")],
  ];
  test.each(changes)("%s", async (_, change) => {
    const before = await digest();
    expect(await digest()).toBe(before);
    expect(await change(before)).not.toBe(before);
  });
});

// Four builds in new processes: beside the rest of the suite on two cores, more than the default 30 s.
test("site build --if-needed skips an unchanged build, with an absolute --out too, and rebuilds for a new SITE_ORIGIN", { timeout: 120_000 }, async () => {
  const dir = await fixtureSite();
  const out = path.join(dir, "out"); // absolute
  try {
    const args = ["build", "--if-needed", "--root", dir, "--out", out];
    expect((await runSite(args)).stdout).toMatch(/^Built 160 pages/);
    expect((await runSite(args)).stdout).toBe(`${out}/ is up to date.\n`);
    const staging = await runSite(args, { SITE_ORIGIN: "https://staging.example.gr" });
    expect(staging.stdout).toMatch(/^Built 160 pages/);
    expect((await runSite(args, { SITE_ORIGIN: "https://staging.example.gr" })).stdout).toBe(`${out}/ is up to date.\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("the generator's digest, kept half-written by a build stopped while writing it, is worked out again and kept whole", async () => {
  const tool = await mkdtemp(path.join(os.tmpdir(), "site-tool-"));
  try {
    await mkdir(path.join(tool, "src"), { recursive: true });
    await writeFile(path.join(tool, "src/build.ts"), "export {};\n");
    const kept = path.join(tool, "node_modules/.cache/site-cli/tool-digest.json");
    await mkdir(path.dirname(kept), { recursive: true });
    await writeFile(kept, '{"key":"1fd385faec42f39fa4453a');
    const digest = await toolDigest(tool);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(await readFile(kept, "utf8"))).toEqual({ key: expect.any(String), digest });
    expect(await readdir(path.dirname(kept))).toEqual(["tool-digest.json"]);
  } finally {
    await rm(tool, { recursive: true, force: true });
  }
});
