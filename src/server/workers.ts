import cluster, { type Worker } from "node:cluster";
import { fileURLToPath } from "node:url";
import readline from "node:readline";
import type { ContactBackend } from "./backend.ts";
import type { Logger, LogFields } from "./log.ts";
import { serverEnvironment } from "./settings.ts";

/** Messages between the primary and its workers (the cluster's own messages never reach here). */
export type ToPrimary = { site: "ready" } | { site: "call"; id: number; op: "admit" | "putOutcome" | "getOutcome"; args: unknown[] };
export type ToWorker = { site: "reply"; id: number; value?: unknown; error?: string } | { site: "stop" };

const siteBin = fileURLToPath(new URL("../../bin/site.js", import.meta.url));

export interface Workers {
  /** Tells every worker to finish its requests and exit; resolves once all have. */
  stop(): Promise<void>;
}

/**
 * Starts `count` worker processes that serve HTTP on the same port as this one (SO_REUSEPORT)
 * and reach the endpoint's state (rate limit, store, outbox, outcomes) through this process, so
 * the rules hold across all of them. A worker that dies is replaced. Resolves once all are
 * listening. With a logger of its own (tests), the workers' log lines are passed to it.
 */
export async function startWorkers({
  count,
  dir,
  port,
  host,
  env,
  backend,
  log,
  captureLogs,
}: {
  count: number;
  dir: string;
  port: number;
  host: string;
  env: NodeJS.ProcessEnv;
  backend: ContactBackend;
  log: Logger;
  captureLogs: boolean;
}): Promise<Workers> {
  // Exactly this server's settings, even where they differ from this process's environment.
  const workerEnv = Object.fromEntries(serverEnvironment.map((name) => [name, env[name] ?? ""]));
  const running = new Set<Worker>();
  let stopping = false;
  let restartDelay = 500;

  const answer = (worker: Worker, id: number, result: Promise<unknown>) =>
    result.then(
      (value) => worker.isConnected() && worker.send({ site: "reply", id, value } satisfies ToWorker),
      (error: unknown) => worker.isConnected() && worker.send({ site: "reply", id, error: String(error) } satisfies ToWorker),
    );

  const fork = (): Promise<void> =>
    new Promise((resolve) => {
      cluster.setupPrimary({ exec: siteBin, args: ["serve", "--dir", dir, "--port", String(port), "--host", host], silent: captureLogs });
      const worker = cluster.fork(workerEnv);
      const started = Date.now();
      running.add(worker);
      if (captureLogs) forwardLines(worker, log);
      worker.on("message", (message: ToPrimary) => {
        if (message?.site === "ready") return resolve();
        if (message?.site !== "call") return;
        const [first, second] = message.args;
        if (message.op === "admit") answer(worker, message.id, backend.admit(first as string, second as Parameters<ContactBackend["admit"]>[1]));
        else if (message.op === "putOutcome")
          answer(worker, message.id, backend.putOutcome(first as string, second as Parameters<ContactBackend["putOutcome"]>[1]));
        else if (message.op === "getOutcome") answer(worker, message.id, backend.getOutcome(first as string));
      });
      worker.on("exit", (code, signal) => {
        running.delete(worker);
        resolve();
        if (stopping) return;
        // A worker that keeps dying at start-up is restarted less and less often.
        restartDelay = Date.now() - started < 5_000 ? Math.min(restartDelay * 2, 30_000) : 500;
        log.warn("worker.exited", { pid: worker.process.pid, code, signal, restartInMs: restartDelay });
        setTimeout(() => void (stopping || fork()), restartDelay).unref();
      });
    });

  await Promise.all(Array.from({ length: count }, fork));
  log.info("workers.started", { count: running.size });

  return {
    async stop() {
      stopping = true;
      await Promise.all(
        [...running].map(
          (worker) =>
            new Promise<void>((resolve) => {
              const force = setTimeout(() => worker.process.kill("SIGKILL"), 15_000);
              worker.once("exit", () => {
                clearTimeout(force);
                resolve();
              });
              if (worker.isConnected()) worker.send({ site: "stop" } satisfies ToWorker);
              else worker.process.kill("SIGTERM");
            }),
        ),
      );
    },
  };
}

/** A worker's JSON log lines, re-logged here (only when this process has a logger of its own). */
function forwardLines(worker: Worker, log: Logger) {
  for (const stream of [worker.process.stdout, worker.process.stderr]) {
    if (!stream) continue;
    readline.createInterface({ input: stream }).on("line", (line) => {
      try {
        const { level, event, time: _time, ...fields } = JSON.parse(line) as { level: "info" | "warn" | "error"; event: string; time: string } & LogFields;
        (log[level] ?? log.info)(event, { ...fields, worker: worker.process.pid });
      } catch {
        log.info("worker.output", { line, worker: worker.process.pid });
      }
    });
  }
}
