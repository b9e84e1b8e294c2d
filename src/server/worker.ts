import type http from "node:http";
import path from "node:path";
import type { ContactBackend } from "./backend.ts";
import { createSiteServer, listen } from "./http-server.ts";
import { createLogger } from "./log.ts";
import { loadManifest } from "./manifest.ts";
import { readSettings } from "./settings.ts";
import { installSignalHandlers, onServerClose, stopServer } from "./shutdown.ts";
import { loadSiteFiles } from "./site-files.ts";
import type { ToPrimary, ToWorker } from "./workers.ts";

/**
 * A worker process: the same site and endpoint on the primary's port, with the endpoint's state
 * reached over IPC. Exits when told to stop, on SIGTERM/SIGINT, and when the primary is gone
 * (then nothing it answers could be stored, so it stops taking requests at once).
 */
export async function runWorker({ dir, port, host }: { dir: string; port: number; host: string }): Promise<http.Server> {
  const log = createLogger();
  const root = path.resolve(dir);
  const manifest = await loadManifest(root);
  const settings = readSettings(process.env, manifest);
  const files = await loadSiteFiles(root, manifest.headers);
  const server = createSiteServer({ manifest, settings, files, backend: createIpcBackend(), log });
  onServerClose(server, async () => log.flush());
  await listen(server, port, host, true);

  const stop = () => void stopServer(server).finally(() => process.exit(0));
  process.on("message", (message: ToWorker) => {
    if (message?.site === "stop") stop();
  });
  process.on("disconnect", stop);
  installSignalHandlers(log);
  process.send!({ site: "ready" } satisfies ToPrimary);
  return server;
}

/** The endpoint's state, in the primary: each call is a message there and its reply. */
function createIpcBackend(timeoutMs = 15_000): ContactBackend {
  let next = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  process.on("message", (message: ToWorker) => {
    if (message?.site !== "reply") return;
    const call = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) call?.reject(new Error(message.error));
    else call?.resolve(message.value);
  });
  process.on("disconnect", () => {
    for (const call of pending.values()) call.reject(new Error("the primary process is gone"));
    pending.clear();
  });

  const call = (op: "admit" | "putOutcome" | "getOutcome", args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      if (!process.connected) return reject(new Error("the primary process is gone"));
      const id = ++next;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`no answer from the primary process within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      process.send!({ site: "call", id, op, args } satisfies ToPrimary, (error: Error | null) => error && pending.get(id)?.reject(error));
    });

  return {
    // Not stored, so not acknowledged: the visitor is told to try again or call.
    admit: (key, message) =>
      call("admit", [key, message]).then(
        (value) => value as Awaited<ReturnType<ContactBackend["admit"]>>,
        (error: Error) => ({ result: "unavailable", reason: error.message }),
      ),
    putOutcome: (key, outcome) => call("putOutcome", [key, outcome]) as Promise<string>,
    getOutcome: (token) => call("getOutcome", [token]) as Promise<ReturnType<ContactBackend["getOutcome"]> extends Promise<infer T> ? T : never>,
  };
}
