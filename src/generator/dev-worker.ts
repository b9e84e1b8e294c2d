// Runs builds for `site dev` in a worker thread: a fresh worker loads fresh templates after a
// change under src/, while content, locale and config changes reuse the warm one.
import { parentPort } from "node:worker_threads";
import { build, summarize } from "./build.ts";
import { BuildError } from "./errors.ts";

parentPort!.on("message", async ({ root, outDir }: { root: string; outDir: string }) => {
  try {
    // site dev previews what site build leaves out: drafts and posts dated later, each marked.
    const result = await build({ root, outDir, preview: true, warn: (message) => parentPort!.postMessage({ type: "warning", message }) });
    parentPort!.postMessage({ type: "done", summary: summarize(result) });
  } catch (error) {
    const message =
      error instanceof BuildError
        ? error.message
        : error instanceof Error
          ? `${error.message}${error.cause ? `\n  caused by: ${String((error.cause as Error).message ?? error.cause)}` : ""}\n${error.stack ?? ""}`
          : String(error);
    parentPort!.postMessage({ type: "error", message });
  }
});
