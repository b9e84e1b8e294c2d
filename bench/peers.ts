// The project's build beside Eleventy, Astro and Hugo building the same pages (the real site, and
// a site of 1,000 posts per language): each tool cold, whole process, interleaved rounds done
// twice, medians and peak memory. What each peer's project holds and leaves out:
// bench/peers/README.md. Run alone: `node bench/peers.ts [--posts 1000] [--rounds 5]`.
import { cp, mkdir, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { printRows, type BenchRow } from "./report.ts";
import { deleteSetAside, setAside } from "./set-aside.ts";
import { astro } from "./peers/astro.ts";
import { eleventy } from "./peers/eleventy.ts";
import { hugo, hugoVersion } from "./peers/hugo.ts";
import { installPeers, type InstalledPeers } from "./peers/install.ts";
import { describeSite } from "./peers/pages.ts";
import type { Peer } from "./peers/peer.ts";
import { coldRun, median, type Run, type Tool } from "./peers/timing.ts";
import { verifyOutput } from "./peers/verify.ts";
import { makeScaledSite } from "../tests/support/scaled-site.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
const projectNode = path.join(repoRoot, "node_modules/.bin/node");
const passes = 2;
const log = (line: string) => console.error(`[peers] ${line}`);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const memory = (bytes: number) =>
  Number.isNaN(bytes) ? "unknown" : bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
const leftOut = "writes no .br copies and one CSS file for all pages";

/**
 * Builds the real site and a site of `postsPerLanguage` posts per language with the project and
 * each peer, `rounds` interleaved rounds per pass, two passes, and reports each tool's median,
 * its ratio to the project's per pass, and its peak memory.
 */
export async function benchPeers(options: { postsPerLanguage?: number; rounds?: number } = {}): Promise<BenchRow[]> {
  const postsPerLanguage = options.postsPerLanguage ?? 1000;
  const rounds = options.rounds ?? 5;
  const installed = await installPeers(log);
  const hugoAt = hugoVersion();
  const work = await mkdtemp(path.join(os.tmpdir(), "site-bench-peers-"));
  try {
    const real = path.join(work, "real/site");
    for (const entry of ["site.config.yml", "locales", "content"]) await cp(path.join(repoRoot, entry), path.join(real, entry), { recursive: true });
    const scaled = path.join(work, "scaled/site");
    log(`writing a site of ${postsPerLanguage} posts per language`);
    await makeScaledSite(scaled, postsPerLanguage);
    const rows: BenchRow[] = [];
    for (const site of [real, scaled]) rows.push(...(await compare(site, rounds, installed, hugoAt)));
    return rows;
  } finally {
    setAside(work);
  }
}

/** A cold build of the project: `--force` makes every page anew, reading and writing no build cache (the image cache is kept). */
function projectBuildArgs(): string[] {
  return ["--force"];
}

/**
 * A cold build, tried a second time if it fails: the project's sources may be changing under the
 * benchmark (its CLI is compiled on first use); a second failure is real and stops the run.
 */
function coldRunRetried(tool: Tool): Run {
  try {
    return coldRun(tool);
  } catch (error) {
    const why = String((error as Error).message)
      .split("\n")
      .slice(-2)
      .join(" ");
    log(`${tool.label} failed, trying once more: ${why}`);
    return coldRun(tool);
  }
}

async function compare(siteDir: string, rounds: number, installed: InstalledPeers, hugoAt: string | undefined): Promise<BenchRow[]> {
  const folder = path.dirname(siteDir);
  const projectOut = path.join(folder, "project-out");
  const force = projectBuildArgs();
  const project: Tool = {
    label: "site build",
    cwd: repoRoot,
    argv: [projectNode, path.join(repoRoot, "bin/site.js"), "build", "--root", siteDir, "--out", projectOut, ...force],
    // The image cache is kept (photos and link-preview cards are encoded once per input); every other output is made anew.
    env: { SITE_CACHE_DIR: path.join(repoRoot, ".cache") },
    clean: [projectOut],
  };
  // A first, untimed build of each tool: the project's is the reference the peers' pages are
  // described from (and fills the image cache with the new site's cards); the peers' are checked
  // for every page before any is timed.
  log(`${path.basename(folder)}: first build of the project (${project.argv.slice(1).join(" ")})`);
  coldRunRetried(project);
  const site = await describeSite(siteDir, projectOut);
  const peers: Peer[] = [eleventy, astro, ...(hugoAt ? [hugo] : [])];
  const tools: Tool[] = [project];
  for (const peer of peers) {
    const dir = path.join(folder, peer.id);
    await mkdir(dir, { recursive: true });
    await peer.write(dir, site, installed);
    const { argv, env } = peer.command(dir, installed);
    const tool: Tool = {
      label: peer.label(installed, hugoAt),
      cwd: dir,
      argv,
      ...(env ? { env } : {}),
      clean: peer.clean.map((entry) => path.join(dir, entry)),
    };
    log(`${path.basename(folder)}: first build with ${tool.label}`);
    coldRunRetried(tool);
    await verifyOutput(tool.label, path.join(dir, peer.out), site);
    tools.push(tool);
  }

  const runs: Run[][][] = tools.map(() => Array.from({ length: passes }, () => []));
  for (let pass = 0; pass < passes; pass++)
    for (let round = 0; round < rounds; round++)
      tools.forEach((tool, index) => {
        const run = coldRunRetried(tool);
        runs[index]![pass]!.push(run);
        log(`${path.basename(folder)} pass ${pass + 1} round ${round + 1}: ${tool.label} ${seconds(run.ms)}, peak ${memory(run.peakBytes)}`);
      });

  const times = (index: number, pass?: number) => (pass === undefined ? runs[index]!.flat() : runs[index]![pass]!).map((run) => run.ms);
  const peak = (index: number) => Math.max(...runs[index]!.flat().map((run) => run.peakBytes));
  const perPass = (index: number) => Array.from({ length: passes }, (_, pass) => median(times(index, pass)));
  const pages = `${site.pages.length.toLocaleString("en")} pages`;
  const projectMedian = median(times(0));
  const rows: BenchRow[] = [
    {
      label: `${pages}: site build`,
      value: seconds(projectMedian),
      budget: "-",
      ok: null,
      note: `median of ${passes}×${rounds} cold builds, per pass ${perPass(0).map(seconds).join(", ")}; peak ${memory(peak(0))}; with .br copies, CSS per page, site checks; --force: no build cache, the image cache kept`,
    },
  ];
  peers.forEach((peer, at) => {
    const index = at + 1;
    const ratios = perPass(index).map((ms, pass) => (ms / perPass(0)[pass]!).toFixed(2));
    rows.push({
      label: `${pages}: ${tools[index]!.label}`,
      value: seconds(median(times(index))),
      budget: "project faster",
      ok: projectMedian < median(times(index)),
      note: `ratio peer/project ${ratios.join(", ")}; peak ${memory(peak(index))}; ${leftOut}${peer.id === "astro" && installed.astroNote ? `; ${installed.astroNote}` : ""}`,
    });
  });
  if (!hugoAt)
    rows.push({
      label: `${pages}: Hugo`,
      value: "not installed",
      budget: "project faster",
      ok: null,
      note: "`command -v hugo` finds nothing; apt-get install -y hugo",
    });
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const option = (name: string, fallback: number) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? Number(process.argv[at + 1]) : fallback;
  };
  const postsPerLanguage = option("posts", 1000);
  const rounds = option("rounds", 5);
  try {
    printRows(
      `Peers: the same pages built by each tool, cold, median of ${passes}×${rounds} interleaved builds (${postsPerLanguage.toLocaleString("en")} posts per language for the large site)`,
      await benchPeers({ postsPerLanguage, rounds }),
    );
  } finally {
    await deleteSetAside();
  }
}
