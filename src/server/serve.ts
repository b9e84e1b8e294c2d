import { readFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import fg from "fast-glob";
import { resolvePath } from "../shared/routing.ts";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json; charset=utf-8",
};

/** Serves the built site with the routing rules of src/shared/routing.ts. */
export async function startServer({ dir, port, host }: { dir: string; port: number; host: string }): Promise<http.Server> {
  const root = path.resolve(dir);
  const files = new Set(await fg("**/*", { cwd: root, onlyFiles: true }));
  if (!files.has("index.html")) throw new Error(`${dir}/ holds no built site; run \`site build\` first`);
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = "/\0";
    }
    if (pathname.includes("\0") || pathname.includes("\\") || pathname.split("/").includes("..")) {
      response.writeHead(400, { "Content-Type": "text/plain" }).end("Bad request");
      return;
    }
    const resolution = resolvePath(pathname, files);
    if (resolution.kind === "redirect") {
      response.writeHead(resolution.status, { Location: resolution.location + url.search }).end();
      return;
    }
    const body = await readFile(path.join(root, resolution.file));
    response.writeHead(resolution.status, { "Content-Type": types[path.extname(resolution.file)] ?? "application/octet-stream" });
    response.end(request.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  console.log(`Serving ${dir}/ at http://${host}:${actual}`);
  return server;
}
