import { readFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { Worker } from "node:worker_threads";
import chokidar from "chokidar";
import fg from "fast-glob";
import sirv from "sirv";
import { escapeHtml } from "../shared/html.ts";
import { manifestFile } from "../shared/manifest.ts";
import { resolvePath } from "../shared/routing.ts";
import { packageRoot } from "./package-root.ts";

interface DevOptions {
  root: string;
  port: number;
  host: string;
}

type WorkerMessage = { type: "done"; summary: string } | { type: "error"; message: string } | { type: "warning"; message: string };

const reloadScript = `<script>new EventSource("/__site/events").onmessage=function(){location.reload()}</script>`;

function errorOverlay(message: string): string {
  const escaped = escapeHtml(message);
  return `<div style="position:fixed;inset:0;z-index:2147483647;background:rgba(15,23,42,.96);color:#fecaca;font:14px/1.5 ui-monospace,monospace;padding:24px;overflow:auto;white-space:pre-wrap"><strong style="color:#fff;font-size:16px">Build failed: the page shows the last good build.</strong>\n\n${escaped}</div>`;
}

/** `site dev`: build, serve, watch, rebuild, reload. Errors show in the terminal and the page; the server keeps running. */
export async function startDev({ root, port, host }: DevOptions): Promise<http.Server> {
  const siteRoot = path.resolve(root);
  const outDir = path.join(siteRoot, "dist");
  const clients = new Set<http.ServerResponse>();
  let lastError = "";
  let files = new Set<string>();
  let redirects: Record<string, string> = {};
  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  let pending: { fresh: boolean } | undefined;

  const broadcast = () => {
    for (const client of clients) client.write("data: reload\n\n");
  };

  const runBuild = (fresh: boolean) =>
    new Promise<void>((resolve) => {
      if (fresh || !worker) {
        void worker?.terminate();
        worker = new Worker(new URL("./dev-worker.ts", import.meta.url), { execArgv: ["--import", "tsx"] });
      }
      const current = worker;
      const started = performance.now();
      const onMessage = async (message: WorkerMessage) => {
        if (message.type === "warning") return console.warn(message.message);
        current.off("message", onMessage);
        if (message.type === "done") {
          lastError = "";
          files = new Set(await fg("**/*", { cwd: outDir }));
          redirects = (JSON.parse(await readFile(path.join(outDir, manifestFile), "utf8")) as { redirects?: Record<string, string> }).redirects ?? {};
          console.log(`${message.summary} (${Math.round(performance.now() - started)} ms with reload)`);
        } else {
          lastError = message.message;
          console.error(`\n${message.message}\n`);
        }
        broadcast();
        resolve();
      };
      current.on("message", onMessage);
      current.postMessage({ root: siteRoot, outDir });
    });

  const schedule = (fresh: boolean) => {
    if (running) {
      pending = { fresh: fresh || Boolean(pending?.fresh) };
      return;
    }
    running = runBuild(fresh).then(() => {
      running = undefined;
      if (pending) {
        const next = pending;
        pending = undefined;
        schedule(next.fresh);
      }
    });
  };

  await new Promise<void>((resolve) => {
    schedule(true);
    const wait = setInterval(() => {
      if (!running) {
        clearInterval(wait);
        resolve();
      }
    }, 20);
  });

  const serveFile = sirv(outDir, { dev: true, etag: true, extensions: [] });
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname === "/__site/events") {
      response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
      response.write(": connected\n\n");
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
    const resolution = resolvePath(pathname, files, redirects);
    if (resolution.kind === "redirect") {
      response.writeHead(resolution.status, { Location: resolution.location }).end();
      return;
    }
    if (!resolution.file.endsWith(".html")) {
      request.url = `/${resolution.file}`;
      serveFile(request, response, () => {
        response.writeHead(404).end("Not found");
      });
      return;
    }
    readFile(path.join(outDir, resolution.file), "utf8")
      .then((html) => {
        const extra = `${reloadScript}${lastError ? errorOverlay(lastError) : ""}`;
        response.writeHead(resolution.status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
        response.end(html.replace("</body>", `${extra}</body>`));
      })
      .catch(() =>
        response
          .writeHead(500, { "Content-Type": "text/html" })
          .end(`<!DOCTYPE html><title>Build failed</title>${reloadScript}${errorOverlay(lastError || "No build yet.")}`),
      );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  console.log(`Dev server at http://${host}:${typeof address === "object" && address ? address.port : port} (watching for changes)`);

  const watcher = chokidar.watch(
    ["content", "locales", "public", "site.config.yml"].map((entry) => path.join(siteRoot, entry)).concat(path.join(packageRoot, "src")),
    { ignoreInitial: true },
  );
  let timer: NodeJS.Timeout | undefined;
  let fresh = false;
  watcher.on("all", (_event, file) => {
    fresh ||= file.startsWith(path.join(packageRoot, "src"));
    clearTimeout(timer);
    timer = setTimeout(() => {
      console.log(`Changed: ${path.relative(siteRoot, file)}`);
      schedule(fresh);
      fresh = false;
    }, 60);
  });
  const stop = () => {
    void watcher.close();
    void worker?.terminate();
    for (const client of clients) client.end();
    server.close();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  server.on("close", () => void watcher.close());
  return server;
}
