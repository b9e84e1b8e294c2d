import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../servers.ts";
import { freePort, startServing } from "./process.ts";
import type { RunningHost } from "./types.ts";

const nginxPaths = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"];

/** nginx from the system (Debian's nginx-light), or a clear error saying how to get it. */
export function findNginx(): string {
  const found = nginxPaths.find((candidate) => existsSync(candidate));
  if (!found) throw new Error("nginx is not installed: `apt-get install nginx-light` (.ci/run installs it when missing).");
  return found;
}

/**
 * The README's `server` block for nginx serving dist/ itself, as an owner would copy it: the
 * first nginx block of the README that includes the generated nginx.conf.
 */
export async function readmeNginxBlock(): Promise<string> {
  const readme = await readFile(path.join(repoRoot, "README.md"), "utf8");
  const block = [...readme.matchAll(/```nginx\n([\s\S]*?)```/g)].map((match) => match[1]!).find((text) => text.includes("dist/nginx.conf"));
  if (!block) throw new Error("README.md has no nginx block that includes dist/nginx.conf");
  return block;
}

/**
 * Runs nginx as an ordinary process on a loopback port with a server block, after moving the
 * block to that port without TLS and pointing its paths at `dist` (and its proxy at `upstream`).
 */
export async function startNginx(dist: string, serverBlock: string, { upstream }: { upstream?: string } = {}): Promise<RunningHost> {
  const nginx = findNginx();
  const port = await freePort();
  const work = await mkdtemp(path.join(os.tmpdir(), "site-nginx-"));
  await mkdir(path.join(work, "logs"));
  const server = serverBlock
    .replaceAll("/srv/locksmith/dist", dist)
    // `site serve`, where the block proxies to it, on the port a test started it on.
    .replaceAll("http://127.0.0.1:3000", upstream ?? "http://127.0.0.1:3000")
    .replace(/^\s*listen\s+[^;]*;\s*$/gm, "")
    .replace(/^\s*(ssl_\w+|http2)\s+[^;]*;\s*$/gm, "")
    .replace(/server\s*\{/, `server {\n    listen 127.0.0.1:${port};`);
  // Started by root, nginx runs its workers as another user, who could not read a private
  // temporary folder; as anyone else it stays that user.
  const conf = `${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/logs/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;
${server}
}
`;
  await writeFile(path.join(work, "nginx.conf"), conf);
  const url = `http://127.0.0.1:${port}`;
  const started = await startServing(nginx, ["-c", path.join(work, "nginx.conf"), "-p", work, "-g", "daemon off;"], { url, timeoutMs: 10_000 }).catch(
    async (error: Error) => {
      const log = await readFile(path.join(work, "logs/error.log"), "utf8").catch(() => "");
      throw new Error(`${error.message}\n${log}\n--- nginx.conf ---\n${conf}`);
    },
  );
  return {
    name: "nginx",
    url,
    stop: async () => {
      // SIGQUIT: a graceful stop that takes the workers with the master.
      await started.stop();
      await rm(work, { recursive: true, force: true });
    },
  };
}
