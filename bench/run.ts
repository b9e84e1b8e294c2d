// `npm run bench`: every figure beside its budget. Measures, never asserts: budgets are compared
// and printed; the exit code is 0 unless a measurement itself could not be made.
import { benchBuilds, benchImageBytes, benchPageBytes, benchUncachedBuild, buildSite, withTempDir } from "./build.ts";
import { printRows, type BenchRow } from "./report.ts";
import { deleteSetAside } from "./set-aside.ts";
import { startSite } from "../tests/support/servers.ts";

const only = process.argv.slice(2);
const wants = (name: string) => only.length === 0 || only.includes(name);
const all: BenchRow[] = [];
const report = (title: string, rows: BenchRow[]) => {
  printRows(title, rows);
  all.push(...rows);
};

try {
  await withTempDir(async (out) => {
    if (wants("build")) report("Build", [...(await benchBuilds(out)), await benchUncachedBuild(out)]);
    else buildSite(out);
    if (wants("images")) report("Images: bytes per generated file", await benchImageBytes(out));
    if (wants("pages")) {
      const rows = await benchPageBytes(out);
      report(`Pages: HTML with inlined CSS, brotli (${rows.length} pages)`, rows);
      // As the owner runs it: with analytics (the consent banner island) and reCAPTCHA configured.
      await withTempDir(async (keys) => {
        buildSite(keys, { GA_MEASUREMENT_ID: "G-BENCH12345", RECAPTCHA_SITE_KEY: "6LeBenchSiteKey000000000000000000000000000" });
        const configured = await benchPageBytes(keys);
        report(`Pages with analytics and reCAPTCHA configured (${configured.length} pages)`, configured);
      });
    }
    if (wants("photos")) {
      const { benchPhotos } = await import("./photos.ts");
      report("Photos: large phone photos beside every post, built in a new process", await benchPhotos());
    }
    if (wants("scale")) {
      const { benchScale } = await import("./scale.ts");
      report("Scale: a generated site of 1,000 posts per language, built cold (a new process)", await benchScale());
    }
    if (wants("dev")) {
      const { benchDev } = await import("./dev.ts");
      report("site dev: save to reload", await benchDev());
    }
    // Not in the default run: some four minutes of drawing cards.
    if (only.includes("first")) {
      const { benchFirstBuild } = await import("./scale.ts");
      report("First build of a fresh clone: 1,000 posts per language, no image cache (a new process)", await benchFirstBuild());
    }
    // Not in the default run: it installs Eleventy and Astro and takes about half an hour.
    if (only.includes("peers")) {
      const { benchPeers } = await import("./peers.ts");
      report("Peers: the same pages built by Eleventy, Astro and Hugo (ratios peer / project)", await benchPeers());
    }
    if (wants("server")) {
      try {
        const { benchServer } = await import("./server.ts");
        report("Server", await benchServer());
      } catch (error) {
        report("Server", [{ label: "server benchmark", value: "not run", budget: "-", ok: null, note: String((error as Error).message) }]);
      }
    }
    if (wants("lighthouse")) {
      const server = await startSite(["serve", "--dir", out, "--port", "0", "--host", "127.0.0.1"], { SITE_DATA_DIR: `${out}-data` });
      try {
        const { benchLighthouse } = await import("./lighthouse.ts");
        report("Lighthouse (mobile defaults)", await benchLighthouse(server.url));
      } finally {
        server.process.kill("SIGTERM");
      }
    }
  });
} finally {
  // Deleted once nothing more is measured (see set-aside.ts).
  await deleteSetAside();
}

const over = all.filter((row) => row.ok === false);
console.log(`\n${all.length} figures, ${over.length} over budget${over.length ? `: ${over.map((row) => row.label.split("  ")[0]).join("; ")}` : ""}.`);
