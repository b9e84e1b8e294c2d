import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ImageJob, ImageReply } from "./image-process.ts";

/** The encoder's process could not start, or ended before it answered: a problem of the machine, not of an image. */
export class EncoderStopped extends Error {}

/** The images' encoder (image-process.ts): its process started with the first job. */
export interface ImageEncoder {
  ask(job: DistributiveOmit<ImageJob, "id">): Promise<ImageReply>;
  /** Ends its process (it ends by itself, too, when this one does); resolves once it has ended. */
  stop(): Promise<void>;
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * A handle on an encoder's process for `role` ("photos", "cards": its argument, as `ps` shows it),
 * which `name` ("the photos' encoder") names in messages. With nothing asked of it, the process
 * does not keep this one alive, and after `idleMs` it ends.
 */
export function imageEncoder(role: string, name: string, { idleMs = Infinity }: { idleMs?: number } = {}): ImageEncoder {
  let child: ChildProcess | undefined;
  let next = 0;
  let idle: NodeJS.Timeout | undefined;
  const pending = new Map<number, { resolve: (reply: ImageReply) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    child = undefined;
  };
  const stop = async () => {
    clearTimeout(idle);
    const running = child;
    child = undefined;
    if (!running?.connected) return;
    const ended = new Promise((resolve) => running.once("exit", resolve));
    // Held, so that this process waits for it to end rather than exiting first.
    running.ref();
    running.disconnect();
    await ended;
  };
  const start = () => {
    const started = fork(fileURLToPath(new URL("./image-process.ts", import.meta.url)), [role], {
      serialization: "advanced",
      // glibc then keeps far less of what sharp's threads freed (see image-process.ts).
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" },
      // A young generation of 1 MB: a card's layout is garbage as soon as it is drawn, and V8's
      // default of up to 32 MB per semi-space let the process grow by a hundred megabytes of it.
      execArgv: [...process.execArgv, "--max-semi-space-size=1"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    started.on("message", (reply: ImageReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) rest(started);
      waiting?.resolve(reply);
    });
    started.on("error", (error: NodeJS.ErrnoException) => {
      // A job sent to a process that has just ended: its 'exit' follows and says how it ended.
      if (started.pid !== undefined && (error.code === "EPIPE" || error.code === "ERR_IPC_CHANNEL_CLOSED")) return;
      failAll(new EncoderStopped(`${name} could not run (${error.message})`, { cause: error }));
    });
    started.on("exit", (code, signal) => {
      if (pending.size) failAll(new EncoderStopped(`${name} stopped (${signal ?? `exit code ${code}`})`));
      if (child === started) child = undefined;
    });
    return started;
  };
  // Idle: this process may end without waiting for it; it ends after a while unless asked again.
  const rest = (idleChild: ChildProcess) => {
    idleChild.unref();
    idleChild.channel?.unref();
    if (idleMs !== Infinity) idle = setTimeout(() => void stop(), idleMs).unref();
  };
  return {
    ask(job) {
      clearTimeout(idle);
      child ??= start();
      child.ref();
      child.channel?.ref();
      const id = next++;
      const sent = child;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        sent.send({ ...job, id });
      });
    },
    stop,
  };
}
