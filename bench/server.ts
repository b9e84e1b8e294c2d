// `site serve` under load: pages per second beside nginx serving the same dist/ with the same
// load tool (wrk) in the same run, and contact submissions stored per second with their p99.
// Loopback only; every run lasts a few seconds.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { BenchRow } from "./report.ts";
import { runSite, startSite } from "../tests/support/servers.ts";

export const serverBudgets = { nginxRatio: 0.5, submissionsPerSecond: 300 };

const page = "/en/prices";
const seconds = 4;
const wrkPaths = ["/usr/bin/wrk", "/usr/local/bin/wrk"];
const nginxPaths = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"];

const findTool = (paths: string[], name: string) =>
  paths.find((candidate) => existsSync(candidate)) ?? (spawnSync("which", [name], { encoding: "utf8" }).stdout.trim() || null);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface WrkResult {
  requestsPerSecond: number;
  p99Ms: number | null;
  errors: number;
  output: string;
}

/** One wrk run: 2 threads, `connections` connections, `seconds` seconds, latency percentiles. */
function runWrk(
  wrk: string,
  url: string,
  { connections = 64, script, headers = [] }: { connections?: number; script?: string; headers?: string[] } = {},
): Promise<WrkResult> {
  return new Promise((resolve, reject) => {
    const args = [
      "-t2",
      `-c${connections}`,
      `-d${seconds}s`,
      "--latency",
      ...headers.flatMap((header) => ["-H", header]),
      ...(script ? ["-s", script] : []),
      url,
    ];
    const child = spawn(wrk, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      const rate = /Requests\/sec:\s+([\d.]+)/.exec(output);
      if (code !== 0 || !rate) return reject(new Error(`wrk failed (${code}):\n${output}`));
      const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\b/m.exec(output);
      const unit = { us: 0.001, ms: 1, s: 1000 } as const;
      const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
      const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
      resolve({
        requestsPerSecond: Number(rate[1]),
        p99Ms: p99 ? Number(p99[1]) * unit[p99[2] as keyof typeof unit] : null,
        errors: non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0),
        output,
      });
    });
  });
}

/**
 * nginx as an ordinary user on a loopback port: the same files, the same headers, an access log,
 * and gzip made on the fly as the build's nginx.conf sets it (the build writes brotli copies only;
 * `site serve` keeps each gzip copy it makes).
 */
async function startNginx(nginx: string, dist: string, work: string, headers: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const temp = path.join(work, "nginx");
  await rm(temp, { recursive: true, force: true });
  await mkdir(temp, { recursive: true });
  const quote = (value: string) => `"${value.replace(/(["\\$])/g, "\\$1")}"`;
  const conf = `
worker_processes auto;
pid ${temp}/nginx.pid;
error_log ${temp}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log ${temp}/access.log;
  client_body_temp_path ${temp}/body; proxy_temp_path ${temp}/proxy; fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi; scgi_temp_path ${temp}/scgi;
  sendfile on; tcp_nopush on; keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${dist};
    gzip_static on;
    gzip on;
    gzip_comp_level 6;
    etag on;
${Object.entries({ ...headers, "Cache-Control": "no-cache" })
  .map(([name, value]) => `    add_header ${name} ${quote(value)} always;`)
  .join("\n")}
    location / { try_files $uri $uri.html =404; }
  }
}
`;
  const confFile = path.join(temp, "nginx.conf");
  await writeFile(confFile, conf);
  const child = spawn(nginx, ["-c", confFile, "-p", temp, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    const response = await fetch(`${url}${page}`).catch((error: unknown) => String(error));
    if (typeof response !== "string" && response.ok) break;
    if (Date.now() > deadline) {
      // SIGTERM, not SIGKILL: a killed master would leave its workers behind.
      await stopChild(child, "SIGTERM");
      const log = await readFile(path.join(temp, "error.log"), "utf8").catch(() => "");
      throw new Error(`nginx did not answer ${page} (${typeof response === "string" ? response : response.status}): ${errors}${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, stop: () => stopChild(child, "SIGQUIT") };
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

/** A wrk script posting valid messages, each from its own made-up client address (TRUST_PROXY=1). */
const submitScript = `
local body = "lang=en&name=Bench+Visitor&phone=%2B30+690+000+0000&email=bench%40example.com&message=Locked+out+of+my+car+near+the+harbour%2C+please+call.&honey=&g-recaptcha-response="
math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
request = function()
  local address = "10." .. math.random(0, 255) .. "." .. math.random(0, 255) .. "." .. math.random(1, 254)
  return wrk.format("POST", "/send-mail.php", {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Accept"] = "application/json",
    ["X-Forwarded-For"] = address,
  }, body)
end
`;

export async function benchServer(): Promise<BenchRow[]> {
  const wrk = findTool(wrkPaths, "wrk");
  const nginx = findTool(nginxPaths, "nginx");
  if (!wrk)
    return [
      { label: "site serve: page requests/s", value: "not run", budget: `≥ ${serverBudgets.nginxRatio} × nginx`, ok: null, note: "wrk is not installed" },
      { label: "contact: stored submissions/s", value: "not run", budget: `≥ ${serverBudgets.submissionsPerSecond}/s`, ok: null, note: "wrk is not installed" },
    ];

  const work = await mkdtemp(path.join(os.tmpdir(), "site-bench-server-"));
  // nginx started by root runs its workers as another user, who must be able to read dist/.
  await chmod(work, 0o755);
  const dist = path.join(work, "dist");
  const dataDir = path.join(work, "data");
  const children: (() => Promise<void>)[] = [];
  try {
    const built = await runSite(["build", "--out", dist]);
    if (built.code !== 0) throw new Error(`build failed:\n${built.stdout}${built.stderr}`);
    const manifest = JSON.parse(await readFile(path.join(dist, "site.json"), "utf8")) as { headers: Record<string, string> };

    const startServe = async (workers: string, data: string) => {
      const site = await startSite(["serve", "--dir", dist, "--port", "0", "--host", "127.0.0.1"], {
        SITE_DATA_DIR: data,
        TRUST_PROXY: "1",
        RECAPTCHA_SECRET: "",
        SMTP_URL: "",
        SERVE_WORKERS: workers,
      });
      // The server logs every request; keep its output flowing without keeping it.
      site.process.stdout!.removeAllListeners("data").resume();
      site.process.stderr!.removeAllListeners("data").resume();
      children.push(() => stopChild(site.process));
      return site;
    };

    const rows: BenchRow[] = [];
    const headers = ["Accept-Encoding: gzip"];
    // One process, for reference; then one process per core, as production runs it (SERVE_WORKERS=auto).
    const single = await startServe("1", path.join(work, "data-single"));
    await runWrk(wrk, `${single.url}${page}`, { headers, connections: 16 }); // warm-up, not counted
    const alone = await runWrk(wrk, `${single.url}${page}`, { headers });
    await stopChild(single.process);
    const site = await startServe("auto", dataDir);
    await runWrk(wrk, `${site.url}${page}`, { headers, connections: 16 });
    const ours = await runWrk(wrk, `${site.url}${page}`, { headers });
    let theirs: WrkResult | null = null;
    let nginxNote = "nginx is not installed";
    if (nginx) {
      try {
        const server = await startNginx(nginx, dist, work, manifest.headers);
        children.push(server.stop);
        await runWrk(wrk, `${server.url}${page}`, { headers, connections: 16 });
        theirs = await runWrk(wrk, `${server.url}${page}`, { headers });
        nginxNote = `nginx, worker_processes auto, access log on, ${os.cpus().length} cores`;
        await server.stop();
      } catch (error) {
        nginxNote = `nginx could not run: ${(error as Error).message.split("\n")[0]}`;
      }
    }
    const ratio = theirs ? ours.requestsPerSecond / theirs.requestsPerSecond : null;
    rows.push({
      label: `site serve: ${page} (gzip), requests/s`,
      value: `${Math.round(ours.requestsPerSecond)}/s`,
      budget: `≥ ${serverBudgets.nginxRatio} × nginx`,
      ok: ratio === null ? null : ratio >= serverBudgets.nginxRatio && ours.errors === 0,
      note: `SERVE_WORKERS=auto (${os.availableParallelism()} processes), wrk -t2 -c64 -d${seconds}s, p99 ${ours.p99Ms?.toFixed(2)} ms${ours.errors ? `, ${ours.errors} errors` : ""}`,
    });
    rows.push({
      label: `site serve, one process: ${page}, requests/s`,
      value: `${Math.round(alone.requestsPerSecond)}/s`,
      budget: "-",
      ok: null,
      note: `SERVE_WORKERS=1, p99 ${alone.p99Ms?.toFixed(2)} ms${theirs ? `, ${(alone.requestsPerSecond / theirs.requestsPerSecond).toFixed(2)}× nginx` : ""}`,
    });
    rows.push({
      label: `nginx: ${page} (gzip), requests/s`,
      value: theirs ? `${Math.round(theirs.requestsPerSecond)}/s` : "not run",
      budget: "-",
      ok: null,
      note: theirs ? `${nginxNote}, p99 ${theirs.p99Ms?.toFixed(2)} ms` : nginxNote,
    });
    rows.push({
      label: "site serve / nginx",
      value: ratio === null ? "n/a" : `${ratio.toFixed(2)}×`,
      budget: `≥ ${serverBudgets.nginxRatio}×`,
      ok: ratio === null ? null : ratio >= serverBudgets.nginxRatio,
    });

    const script = path.join(work, "submit.lua");
    await writeFile(script, submitScript);
    const submissions = await runWrk(wrk, `${site.url}/send-mail.php`, { script, connections: 32 });
    await stopChild(site.process); // flushes the store before counting
    const db = new DatabaseSync(path.join(dataDir, "messages.db"), { readOnly: true });
    const stored = (db.prepare("SELECT count(*) AS count FROM messages").get() as { count: number }).count;
    db.close();
    const storedPerSecond = stored / seconds;
    rows.push({
      label: "contact: stored submissions/s",
      value: `${Math.round(storedPerSecond)}/s`,
      budget: `≥ ${serverBudgets.submissionsPerSecond}/s`,
      ok: storedPerSecond >= serverBudgets.submissionsPerSecond && submissions.errors === 0,
      note: `${stored} stored in ${seconds} s (SQLite WAL, synchronous=FULL, ${os.availableParallelism()} processes), wrk -c32${submissions.errors ? `, ${submissions.errors} errors or non-2xx` : ""}`,
    });
    rows.push({ label: "contact: p99 latency", value: submissions.p99Ms === null ? "n/a" : `${submissions.p99Ms.toFixed(1)} ms`, budget: "-", ok: null });
    return rows;
  } finally {
    for (const stop of children.reverse()) await stop().catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
}

// Run on its own: `node bench/server.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { printRows } = await import("./report.ts");
  printRows("Server", await benchServer());
}
