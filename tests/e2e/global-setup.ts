import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fixtureSite } from "../support/fixture-site.ts";
import { makeScaledSite } from "../support/scaled-site.ts";
import { repoRoot, runSite, startSite } from "../support/servers.ts";

/** Test keys: shaped like real ones, accepted by nothing but the stand-ins below. */
export const testKeys = { measurementId: "G-TEST12345", siteKey: "6LeTestSiteKeyForE2eOnly00000000000000000", secret: "test-secret" };

/**
 * Builds the site twice and serves each build with `site serve` on an ephemeral port:
 * E2E_PLAIN_URL has no keys (no consent banner, no reCAPTCHA, as on a developer's machine),
 * E2E_KEYS_URL has analytics and reCAPTCHA configured, with a local stand-in for Google's
 * siteverify; E2E_BLOG_URL is a site of 60 posts per language, whose blog has several pages;
 * E2E_PHOTOS_URL is the photos fixture (a post with a cover image and photos of every format).
 * Tests stand in for gtag.js and the reCAPTCHA script by routing their requests.
 */
export default async function globalSetup() {
  const work = await mkdtemp(path.join(os.tmpdir(), "site-e2e-"));
  const verify = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      const ok = form.get("secret") === testKeys.secret && form.get("response") === "test-token";
      response
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify(ok ? { success: true, hostname: "127.0.0.1" } : { success: false, "error-codes": ["invalid-input-response"] }));
    });
  });
  await new Promise<void>((resolve) => verify.listen(0, "127.0.0.1", resolve));
  const verifyUrl = `http://127.0.0.1:${(verify.address() as { port: number }).port}/siteverify`;

  const plainDir = path.join(work, "plain");
  const keysDir = path.join(work, "keys");
  const keysEnv = { GA_MEASUREMENT_ID: testKeys.measurementId, RECAPTCHA_SITE_KEY: testKeys.siteKey };
  for (const [dir, env] of [
    [plainDir, {}],
    [keysDir, keysEnv],
  ] as const) {
    const result = await runSite(["build", "--out", dir], env);
    if (result.code !== 0) throw new Error(`build failed:\n${result.stdout}${result.stderr}`);
  }
  // A blog of 60 posts per language (the real articles, copied), for its pages and categories.
  const blogRoot = path.join(work, "blog-site");
  const blogDir = path.join(work, "blog");
  await makeScaledSite(blogRoot, 60);
  // Every build shares the project's image cache: a card or a photo is drawn once for all of them.
  const cacheEnv = { SITE_CACHE_DIR: path.join(repoRoot, ".cache") };
  const blogBuild = await runSite(["build", "--root", blogRoot, "--out", blogDir], cacheEnv);
  if (blogBuild.code !== 0) throw new Error(`build failed:\n${blogBuild.stdout}${blogBuild.stderr}`);
  const photosRoot = await fixtureSite("photos");
  const photosDir = path.join(work, "photos");
  const photosBuild = await runSite(["build", "--root", photosRoot, "--out", photosDir], cacheEnv);
  if (photosBuild.code !== 0) throw new Error(`build failed:\n${photosBuild.stdout}${photosBuild.stderr}`);
  const photos = await startSite(["serve", "--dir", photosDir, "--port", "0", "--host", "127.0.0.1"], { SITE_DATA_DIR: path.join(work, "data-photos") });
  const blog = await startSite(["serve", "--dir", blogDir, "--port", "0", "--host", "127.0.0.1"], { SITE_DATA_DIR: path.join(work, "data-blog") });
  const plain = await startSite(["serve", "--dir", plainDir, "--port", "0", "--host", "127.0.0.1"], {
    SITE_DATA_DIR: path.join(work, "data-plain"),
    RECAPTCHA_SECRET: "",
    TRUST_PROXY: "1",
  });
  const keys = await startSite(["serve", "--dir", keysDir, "--port", "0", "--host", "127.0.0.1"], {
    SITE_DATA_DIR: path.join(work, "data-keys"),
    // Tests that send real messages may name their own client address (X-Forwarded-For), so the
    // per-address rate limit is met only where a test means to meet it.
    TRUST_PROXY: "1",
    RECAPTCHA_SECRET: testKeys.secret,
    RECAPTCHA_VERIFY_URL: verifyUrl,
    RECAPTCHA_HOSTNAMES: "127.0.0.1,localhost",
  });
  process.env.E2E_PLAIN_URL = plain.url;
  process.env.E2E_KEYS_URL = keys.url;
  process.env.E2E_BLOG_URL = blog.url;
  process.env.E2E_PHOTOS_URL = photos.url;
  process.env.E2E_WORK_DIR = work;

  return async () => {
    plain.process.kill("SIGTERM");
    keys.process.kill("SIGTERM");
    blog.process.kill("SIGTERM");
    photos.process.kill("SIGTERM");
    verify.close();
    await rm(work, { recursive: true, force: true });
    await rm(photosRoot, { recursive: true, force: true });
  };
}
