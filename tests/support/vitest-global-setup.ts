import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fixtureSite } from "./fixture-site.ts";
import { runSite } from "./servers.ts";

/**
 * Before any test file runs: the real site and the photos fixture built once, so that the
 * project's image cache (.cache/images, which the tests' builds share) holds every photo and card
 * they use. On a fresh clone the first builds encode them all; left to the tests, two files at once
 * each did so for the same images, and a build took several times its usual time. The tests that
 * are about a fresh clone's first build use an empty image cache of their own.
 */
export default async function warmImageCache() {
  const work = await mkdtemp(path.join(os.tmpdir(), "site-warm-"));
  const photos = await fixtureSite("photos");
  try {
    for (const [root, out] of [
      [undefined, "real"],
      [photos, "photos"],
    ] as const) {
      const result = await runSite(["build", ...(root ? ["--root", root] : []), "--out", path.join(work, out)], {
        GA_MEASUREMENT_ID: "",
        RECAPTCHA_SITE_KEY: "",
      });
      if (result.code !== 0) throw new Error(`site build${root ? " of the photos fixture" : ""} failed:\n${result.stdout}${result.stderr}`);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(photos, { recursive: true, force: true });
  }
}
