// One cold build of one tool: its output and caches moved aside, then the whole command timed from
// start to exit, with the peak memory (resident set) of its largest process from GNU time.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { nodeEnv } from "./install.ts";
import { setAside } from "../set-aside.ts";

export interface Tool {
  label: string;
  cwd: string;
  argv: string[];
  env?: Record<string, string>;
  /** Moved aside before every build (absolute paths; deleted when the benchmark ends: set-aside.ts). */
  clean: string[];
}

export interface Run {
  ms: number;
  /** Peak resident set in bytes; NaN where GNU time is missing. */
  peakBytes: number;
}

const gnuTime = "/usr/bin/time";

export function coldRun(tool: Tool): Run {
  for (const target of tool.clean) setAside(target);
  const peakFile = path.join(os.tmpdir(), `site-bench-peak-${process.pid}.txt`);
  rmSync(peakFile, { force: true });
  // %M: the largest resident set of the command and of the children it waited for, in KB; GNU
  // time writes it to its own file so the tool's output cannot mix with it.
  const argv = existsSync(gnuTime) ? [gnuTime, "-f", "%M", "-o", peakFile, ...tool.argv] : tool.argv;
  const started = performance.now();
  const result = spawnSync(argv[0]!, argv.slice(1), { cwd: tool.cwd, env: nodeEnv(tool.env), encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - started;
  if (result.status !== 0)
    throw new Error(
      `${tool.label}: the build failed (exit ${result.status ?? result.signal}) in ${tool.cwd}:\n${`${result.stdout}\n${result.stderr}`.trim().slice(-4000)}`,
    );
  const kb = existsSync(peakFile) ? Number(readFileSync(peakFile, "utf8").trim().split("\n").pop()) : NaN;
  rmSync(peakFile, { force: true });
  return { ms, peakBytes: kb * 1024 };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
