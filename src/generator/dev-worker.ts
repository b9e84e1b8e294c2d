// `site dev`'s site, in a worker thread: a fresh worker loads fresh templates after a change
// under src/, while content, locale and config changes reuse the warm one (see dev-session.ts).
import { parentPort, workerData } from "node:worker_threads";
import { createDevSession } from "./dev-session.ts";

export type DevRequest = { id: number; type: "update"; changed?: string[] } | { id: number; type: "file"; name: string } | { type: "pause" } | { type: "stop" };
export type DevReply =
  | { id: number; type: "updated"; result: Awaited<ReturnType<ReturnType<typeof createDevSession>["update"]>> }
  | { id: number; type: "file"; content: string | Uint8Array | null }
  | { id: number; type: "failed"; message: string }
  | { type: "checked"; problems: string }
  | { type: "stopped" };

const session = createDevSession(workerData.root as string);
const reply = (message: DevReply) => parentPort!.postMessage(message);
let checking: Promise<void> | undefined;
let recheck = false;

/**
 * The whole-site check after each version, in the background: its problems show on the page. It
 * starts a moment after the change, once the open tab has asked for its page again.
 */
function checkInBackground() {
  if (checking) return void (recheck = true);
  checking = new Promise((resolve) => setTimeout(resolve, 400))
    .then(() => session.check())
    // A check stopped before the end says nothing: the next one will.
    .then((problems) => void (problems !== undefined && reply({ type: "checked", problems })))
    .catch((error: unknown) => reply({ type: "checked", problems: describe(error) }))
    .finally(() => {
      checking = undefined;
      if (recheck) {
        recheck = false;
        checkInBackground();
      }
    });
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error);
}

parentPort!.on("message", async (request: DevRequest) => {
  if (request.type === "pause") return session.pause();
  // About to be terminated: the processes this thread started end first, so that they are reaped.
  if (request.type === "stop") return session.stop().finally(() => reply({ type: "stopped" }));
  try {
    if (request.type === "update") {
      const result = await session.update(request.changed);
      reply({ id: request.id, type: "updated", result });
      if (!("problems" in result)) checkInBackground();
    } else {
      const content = await session.file(request.name);
      reply({ id: request.id, type: "file", content: content ?? null });
    }
  } catch (error) {
    reply({ id: request.id, type: "failed", message: describe(error) });
  }
});
