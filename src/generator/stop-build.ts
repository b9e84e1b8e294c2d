import { existsSync } from "node:fs";

/**
 * What an open output does when its build is asked to stop (see SiteOutput.stop): "previous" once
 * it has stopped writing and removed its staging folder, the output folder untouched; "new" when
 * its files were already moved into the output folder.
 */
export type OutputStop = () => Promise<"previous" | "new">;

/** The outputs open while `site build` listens for signals; undefined when it does not (a build run by a test or a tool). */
let open: OutputStop[] | undefined;

/** Lets a signal stop this output, while `site build` listens for them (stopBuildOnSignals). */
export function whileStoppable(stop: OutputStop): void {
  open?.push(stop);
}

// The shells' convention: 128 and the signal's number.
const exitCodes = { SIGINT: 130, SIGTERM: 143 } as const;
type StopSignal = keyof typeof exitCodes;

/**
 * Ctrl-C (SIGINT) and SIGTERM during `site build`, which by default would end the process
 * wherever it is, even halfway through moving the new files into the output folder. Until the
 * move begins, the build stops at once: its output stops writing and removes its staging folder,
 * a line says the output folder is the previous build, and the process exits (130 for SIGINT, 143
 * for SIGTERM). The move is synchronous from its first change to the output folder to its last
 * (write-site.ts), so a signal is never handled in the middle of it: one that comes during it or
 * after is handled once the folder is the whole new build, and the build finishes; `end()` then
 * gives the line and the exit code to report. A second signal exits at once: at whatever moment it
 * is handled, the output folder is one whole build, and a staging folder left behind is removed by
 * the next build (staging-folders.ts).
 *
 * `out` is the output folder as the user named it (for the line), `outDir` the folder itself.
 * `end()` stops listening, and says what came: nothing, "exiting" (the handler is stopping the
 * build and exits the process itself: the build's failure meanwhile is its doing, no error to
 * report), or the line and exit code of a build stopped once its files were moving in.
 */
export function stopBuildOnSignals(out: string, outDir: string): { end(): Promise<{ line: string; code: number } | "exiting" | undefined> } {
  open = [];
  let received: StopSignal | undefined;
  let moved = false;
  const onSignal = (signal: StopSignal) => {
    if (received) process.exit(exitCodes[signal]);
    received = signal;
    // A staging folder that could not be removed is removed by the next build.
    const stops = (open ?? []).map((stop) => stop().catch(() => "previous" as const));
    void Promise.all(stops).then((stopped) => {
      if ((moved = stopped.includes("new"))) return;
      console.error(
        existsSync(outDir) ? `Build stopped (${signal}): ${out}/ is the previous build, unchanged.` : `Build stopped (${signal}): no ${out}/ was written.`,
      );
      process.exit(exitCodes[signal]);
    });
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    async end() {
      // A signal that came during the move waits in the event loop until it next polls, which
      // the build's last steps may not have let it do: two turns make sure it has (an immediate
      // set in the loop's check phase runs in the next turn's, after that turn's poll).
      for (let turn = 0; turn < 2; turn++) await new Promise(setImmediate);
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      open = undefined;
      if (!received) return undefined;
      if (!moved) return "exiting";
      return { line: `Build stopped (${received}) once its files were moving into ${out}/: ${out}/ is the new build.`, code: exitCodes[received] };
    },
  };
}
