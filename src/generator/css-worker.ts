// The thread that makes stylesheets for build-css.ts, so Tailwind works while pages render.
import { parentPort, workerData } from "node:worker_threads";
import { createSheetCompiler } from "./build-css.ts";

const compile = await createSheetCompiler(workerData.entry as string);
parentPort!.on("message", async ({ id, candidates, elements }: { id: number; candidates: string[]; elements: string[] }) => {
  try {
    parentPort!.postMessage({ id, css: await compile(candidates, elements) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
