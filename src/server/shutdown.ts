import type http from "node:http";
import type { Logger } from "./log.ts";

const finished = new WeakMap<http.Server, Promise<void>>();
const stopping = new WeakMap<http.Server, () => void>();
const running = new Set<http.Server>();

/** Runs `cleanup` (stop the outbox, close the store) once the server has closed its last connection. */
export function onServerClose(server: http.Server, cleanup: () => Promise<void>): void {
  running.add(server);
  finished.set(
    server,
    new Promise<void>((resolve) =>
      server.once("close", () => {
        running.delete(server);
        cleanup().then(resolve, resolve);
      }),
    ),
  );
}

/** Runs `hook` as soon as a stop begins, before the connections have drained (tell the workers). */
export function onServerStopping(server: http.Server, hook: () => void): void {
  stopping.set(server, hook);
}

/**
 * Stops taking connections, lets the requests in flight finish (closing each keep-alive
 * connection as soon as it is idle), and resolves once everything is closed. Connections still
 * busy after `graceMs` are cut.
 */
export async function stopServer(server: http.Server, graceMs = 10_000): Promise<void> {
  stopping.get(server)?.();
  if (server.listening) server.close();
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const force = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await (finished.get(server) ?? Promise.resolve());
  } finally {
    clearInterval(idle);
    clearTimeout(force);
  }
}

let installed = false;

/** SIGTERM or SIGINT: finish what is in flight on every running server, then exit; a second signal exits at once. */
export function installSignalHandlers(log: Logger): void {
  if (installed) return;
  installed = true;
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info("server.stopping", { signal });
    void Promise.allSettled([...running].map((server) => stopServer(server))).then(() => {
      log.flush();
      process.exit(0);
    });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
