import { lstatSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { Worker } from "node:worker_threads";
import chokidar from "chokidar";
import sirv from "sirv";
import { cacheControl, isFingerprinted } from "../shared/caching.ts";
import { contentTypeOf } from "../shared/content-types.ts";
import { escapeHtml } from "../shared/html.ts";
import { resolvePath } from "../shared/routing.ts";
import type { DraftToFill } from "./dev-session.ts";
import type { DevReply } from "./dev-worker.ts";
import { packageRoot } from "./package-root.ts";

interface DevOptions {
  root: string;
  port: number;
  host: string;
}

/**
 * Reloads the tab at each new version. The page names the version it shows: a tab whose page was
 * served before a change, but whose connection came after it, is told to reload at once.
 */
const reloadScript = (version: number) => `<script>new EventSource("/__site/events?v=${version}").onmessage=function(){location.reload()}</script>`;

/** The problem over the page: over its last good version, or over nothing where there is none. */
function errorOverlay(
  message: string,
  lastGood: boolean,
  heading = lastGood ? "Build failed: the page shows the last good build." : "Build failed: there is no good build of this page to show.",
): string {
  return `<div style="position:fixed;inset:0;z-index:2147483647;background:rgba(15,23,42,.96);color:#fecaca;font:14px/1.5 ui-monospace,monospace;padding:24px;overflow:auto;white-space:pre-wrap;overflow-wrap:anywhere"><strong style="color:#fff;font-size:16px">${heading}</strong>\n\n${escapeHtml(message)}</div>`;
}

/**
 * The site, in a worker thread (dev-worker.ts), asked for one thing at a time. A worker that dies
 * (a module under src/ saved half-written, out of memory) answers what it was asked, and
 * whatever it is asked after, with why it died, and says so through `onDied`: site dev serves on
 * and starts a fresh worker at the next change.
 */
function startSiteWorker(root: string, onChecked: (problems: string) => void, onDied: (message: string) => void) {
  // tsx runs the worker's TypeScript with this tool's own settings (JSX among them), found beside
  // the tool, not in the folder site dev is started from.
  const worker = new Worker(new URL("./dev-worker.ts", import.meta.url), {
    execArgv: ["--import", import.meta.resolve("tsx")],
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(packageRoot, "tsconfig.json") },
    workerData: { root },
  });
  const waiting = new Map<number, (reply: DevReply) => void>();
  let next = 0;
  let died: string | undefined;
  let stopped = false;
  const die = (message: string) => {
    if (died !== undefined || stopped) return;
    died = `${message}\n(site dev serves on: a change to the site or under src/ reads it again)`;
    for (const [id, resolve] of waiting) resolve({ id, type: "failed", message: died });
    waiting.clear();
    onDied(died);
  };
  worker.on("error", (error) => die(`site dev's worker stopped: ${error.message}`));
  worker.on("exit", (code) => die(`site dev's worker stopped (exit code ${code})`));
  let onStopped: (() => void) | undefined;
  worker.on("message", (reply: DevReply) => {
    if (reply.type === "checked") return onChecked(reply.problems);
    if (reply.type === "stopped") return onStopped?.();
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  const ask = <T extends DevReply>(request: { type: "update"; changed?: string[] } | { type: "file"; name: string }) =>
    new Promise<T>((resolve) => {
      const id = ++next;
      if (died !== undefined) return resolve({ id, type: "failed", message: died } as T);
      waiting.set(id, resolve as (reply: DevReply) => void);
      worker.postMessage({ ...request, id });
    });
  return {
    ask,
    pause: () => died === undefined && worker.postMessage({ type: "pause" }),
    dead: () => died !== undefined,
    /**
     * Asks the worker to end what it started (the cards' encoder: a process a terminated thread
     * started is never reaped), then terminates it; a worker that does not answer within two
     * seconds (busy, or dead) is terminated all the same.
     */
    stop: async () => {
      stopped = true;
      if (died === undefined) {
        const answered = new Promise<void>((resolve) => {
          onStopped = resolve;
          setTimeout(resolve, 2_000).unref();
        });
        worker.postMessage({ type: "stop" });
        await answered;
      }
      return worker.terminate();
    },
  };
}

/**
 * Whether the watcher leaves `file` alone: a symbolic link to a folder, or one that leads nowhere.
 * Followed, a link to a folder above (`content/up -> ..`) is a loop the watcher never finishes,
 * and the build lists no linked folder; a link to a file is followed, as the build reads a photo
 * a document names through its link.
 */
function linkToFolder(file: string): boolean {
  if (!lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) return false;
  try {
    return !statSync(file, { throwIfNoEntry: false })?.isFile();
  } catch {
    // A link to itself (ELOOP).
    return true;
  }
}

/**
 * `site dev`: reads the site, serves it, and reloads the open tab on every change. Pages are made
 * when they are asked for (a large site's first page shows at once), and a saved document reads
 * only that file again, so the tab shows the change as soon as it reloads. Problems show in the
 * terminal and on the page, over the last good version, while the server keeps running.
 */
export async function startDev({ root, port, host }: DevOptions): Promise<http.Server> {
  const siteRoot = path.resolve(root);
  const clients = new Set<http.ServerResponse>();
  let problems = "";
  let checkProblems = "";
  // Drafts left out until they are complete, by their address: what is still to fill shows there.
  let drafts = new Map<string, DraftToFill>();
  let files = new Set<string>();
  let publicFiles = new Set<string>();
  // The owner's files are served from public/ as they are, byte ranges and all.
  const servePublic = sirv(path.join(siteRoot, "public"), { dev: true, dotfiles: true, etag: true });
  let redirects: Record<string, string> = {};
  let site: ReturnType<typeof startSiteWorker> | undefined;
  let updating: Promise<void> = Promise.resolve();
  // What a request waits for: the version being read, or the one a change the watcher has just
  // seen will give (the tab is told to reload before the change is read).
  let ready: Promise<void> = updating;

  // Counts the reloads asked for: a page is served with the count it reflects.
  let version = 0;
  const broadcast = () => {
    version++;
    for (const client of clients) client.write("data: reload\n\n");
  };
  const onChecked = (found: string) => {
    if (found === checkProblems) return;
    checkProblems = found;
    if (found) console.error(`\n${found}\n`);
    broadcast();
  };
  // The tab reloads to show why: a request waiting for the version being read is answered with it.
  const onDied = (message: string) => {
    problems = message;
    checkProblems = "";
    console.error(`\n${message}\n`);
    broadcast();
  };

  /** A new version of the site: everything after a change under src/ (a fresh worker), else the files changed. */
  const update = (changed?: string[], fresh = false, announced = false) => {
    const first = !site;
    updating = updating.then(async () => {
      const started = performance.now();
      if (fresh || !site || site.dead()) {
        await site?.stop();
        site = startSiteWorker(siteRoot, onChecked, onDied);
      }
      const reply = await site.ask<Extract<DevReply, { type: "updated" | "failed" }>>({ type: "update", ...(changed && !fresh ? { changed } : {}) });
      if (reply.type === "failed") problems = reply.message;
      else if ("problems" in reply.result) problems = reply.result.problems;
      else {
        problems = "";
        const { routing } = reply.result;
        const before = [...drafts.values()].map((draft) => draft.problems).join("\n");
        drafts = new Map(reply.result.drafts.map((draft) => [draft.url, draft]));
        const now = reply.result.drafts.map((draft) => draft.problems).join("\n");
        if (now && now !== before) console.warn(`\nDrafts shown once complete; still to fill:\n${now}\n`);
        if (routing) {
          files = new Set(routing.files);
          publicFiles = new Set(routing.publicFiles);
          redirects = routing.redirects;
        }
        console.log(`${reply.result.summary} (${Math.round(performance.now() - started)} ms)`);
      }
      // A worker that died has said so already (onDied).
      if (problems && !site.dead()) console.error(`\n${problems}\n`);
      checkProblems = "";
    });
    ready = updating;
    // The open tab reloads at once: its request waits for the new version (see the server below),
    // so the browser's part of a reload overlaps the reading of the change.
    if (!first && !announced) broadcast();
    return updating;
  };
  // Watched from the start: the watcher's first look at a large site's files (half a second for
  // 5,930 pages) runs while the site is read, instead of after the first page is shown, when a
  // save would wait for it to be seen. A change seen while the site is read is read after it.
  const watched = ["content", "locales", "public"].map((entry) => path.join(siteRoot, entry)).concat(path.join(packageRoot, "src"));
  // These themselves are followed when they are links (`public -> /srv/files`): the build reads them through it.
  const watcher = chokidar.watch(watched, { ignoreInitial: true, ignored: (file) => !watched.includes(path.resolve(file)) && linkToFolder(file) });
  // The config is watched through the site's folder, and only it there: a file watched by itself
  // was watched no more once deleted (moved away and back, restored from a backup), and its
  // edits went unseen until site dev was started again. Saved by a rename, it was seen.
  const config = path.join(siteRoot, "site.config.yml");
  const configWatcher = chokidar.watch(siteRoot, { ignoreInitial: true, depth: 0, ignored: (file) => ![siteRoot, config].includes(path.resolve(file)) });
  // What cannot be watched (the system's limit on watched folders, a folder it may not read) is
  // said, and everything else is watched on.
  const onWatchError = (error: unknown) => {
    const { message, path: where } = error as NodeJS.ErrnoException;
    console.error(
      `warning: site dev cannot watch ${where ? path.relative(siteRoot, where) : "a file"} (${message}): a change there shows once site dev is started again`,
    );
  };
  watcher.on("error", onWatchError);
  configWatcher.on("error", onWatchError);
  let timer: NodeJS.Timeout | undefined;
  let changed = new Set<string>();
  let fresh = false;
  let announce: ((version: Promise<void>) => void) | undefined;
  // Each file of a batch by its size and time when the batch is read. Chokidar reports a file's
  // changes at most once in 50 ms, so a save that empties a file and writes it a few milliseconds
  // later can be reported once, while it is empty: a file that changed again by the time its
  // batch is read and those 50 ms are over is taken as changed once more.
  const stamp = (file: string) => {
    const info = statSync(path.join(siteRoot, file), { throwIfNoEntry: false });
    return info ? `${info.size} ${info.mtimeMs}` : "";
  };
  const seen = (file: string) => {
    fresh ||= file.startsWith(path.join(packageRoot, "src"));
    changed.add(path.relative(siteRoot, file).split(path.sep).join("/"));
    // The tab reloads at the first event: its request waits for the version the batch gives.
    if (!announce) {
      ready = new Promise<void>((resolve) => (announce = resolve));
      broadcast();
      site?.pause();
    }
    // An editor's save can be a few events (write, rename): they are taken together.
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...changed];
      const stamps = batch.map(stamp);
      changed = new Set();
      console.log(`Changed: ${batch.join(", ")}`);
      const next = update(batch, fresh, true);
      announce!(next);
      announce = undefined;
      fresh = false;
      const recheck = () => batch.forEach((file, index) => stamp(file) !== stamps[index] && seen(path.join(siteRoot, file)));
      void next.then(() => setTimeout(recheck, 60));
    }, 5);
  };
  watcher.on("all", (_event, file) => seen(file));
  configWatcher.on("all", (_event, file) => path.resolve(file) === config && seen(file));
  // Until its first look is over, the watcher takes a file it finds as one that was there: a save
  // made then would go unseen. So the server says it is watching only once it is.
  const watching = Promise.all([watcher, configWatcher].map((each) => new Promise<void>((resolve) => each.once("ready", () => resolve()))));

  await Promise.all([update(), watching]);

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname === "/__site/events") {
      response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
      response.write(Number(url.searchParams.get("v")) < version ? "data: reload\n\n" : ": connected\n\n");
      clients.add(response);
      request.on("close", () => clients.delete(response));
      return;
    }
    let pathname = "/";
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      // Leave it at "/": dev is forgiving.
    }
    // A request waits for the version being read, so a reload after a save shows the saved text.
    void ready.then(async () => {
      // The version this page shows: a change seen while it is made reloads it.
      const shows = version;
      const resolution = resolvePath(pathname, files, redirects);
      const draft = drafts.get(pathname);
      if (draft && resolution.kind === "not-found") {
        const overlay = errorOverlay(draft.problems, false, `This draft shows once it is complete. Still to fill in ${draft.file}:`);
        return void response
          .writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" })
          .end(
            `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Draft: still to fill</title></head><body>${reloadScript(shows)}${overlay}</body></html>`,
          );
      }
      // Island scripts and link-preview cards are made with the pages that use them, so they are
      // not among this version's files: they are asked for by name.
      const named = pathname.slice(1);
      if (resolution.kind !== "file" && named.startsWith("assets/")) {
        const made = await site!.ask<Extract<DevReply, { type: "file" | "failed" }>>({ type: "file", name: named });
        if (made.type === "file" && made.content !== null)
          return void response
            .writeHead(200, { "Content-Type": contentTypeOf(named), "Cache-Control": isFingerprinted(named) ? cacheControl.fingerprinted : "no-store" })
            .end(made.content);
      }
      if (resolution.kind === "redirect") return void response.writeHead(resolution.status, { Location: resolution.location }).end();
      if (publicFiles.has(resolution.file)) {
        request.url = `/${resolution.file.split("/").map(encodeURIComponent).join("/")}`;
        return void servePublic(request, response, () => void response.writeHead(404).end("Not found"));
      }
      const reply = await site!.ask<Extract<DevReply, { type: "file" | "failed" }>>({ type: "file", name: resolution.file });
      const content = reply.type === "file" ? reply.content : null;
      const shown = problems || checkProblems || (reply.type === "failed" ? reply.message : "");
      if (content === null && !resolution.file.endsWith(".html")) return void response.writeHead(404).end("Not found");
      // A fingerprinted file's name changes with its content: the browser keeps it across reloads.
      const headers = {
        "Content-Type": contentTypeOf(resolution.file),
        "Cache-Control": isFingerprinted(resolution.file) ? cacheControl.fingerprinted : "no-store",
      };
      if (!resolution.file.endsWith(".html")) return void response.writeHead(resolution.status, headers).end(content);
      const html = content === null ? "<!DOCTYPE html><title>Build failed</title></body>" : String(content);
      const extra = `${reloadScript(shows)}${shown ? errorOverlay(shown, content !== null) : ""}`;
      response.writeHead(content === null ? 500 : resolution.status, headers).end(html.replace("</body>", `${extra}</body>`));
    });
  });
  const stop = () => {
    void watcher.close();
    void configWatcher.close();
    void site?.stop();
    for (const client of clients) client.end();
    server.close();
  };
  // A port already taken (another site dev, site serve) is said plainly, as site serve says it.
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    stop();
    throw new Error(`cannot listen on ${host}:${port}`, { cause: error });
  }
  const address = server.address();
  console.log(`Dev server at http://${host}:${typeof address === "object" && address ? address.port : port} (watching for changes)`);

  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  server.on("close", () => void Promise.all([watcher.close(), configWatcher.close()]));
  return server;
}
