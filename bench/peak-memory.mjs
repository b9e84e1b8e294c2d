// Loaded with `node --import` into a process the benchmark measures: at exit, it writes the
// process's peak resident set size, in bytes, to stderr with its process id (`peak-rss 123456789
// pid 4242`): the processes the build starts inherit the option and say theirs too. Plain JavaScript:
// as TypeScript it loaded Node's type stripper into the measured process, 18 MB that `site build`
// itself never has.
import { readFileSync, writeSync } from "node:fs";

process.on("exit", () => {
  // Linux's high-water mark of this process's own memory (VmHWM). getrusage's maxRSS is kept
  // across exec: a process started by a larger one (the benchmark, after making 100 MB of photos)
  // reports the larger one's resident set as its own peak.
  const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readStatus());
  writeSync(2, `\npeak-rss ${hwm ? Number(hwm[1]) * 1024 : process.resourceUsage().maxRSS * 1024} pid ${process.pid}\n`);
});

function readStatus() {
  try {
    return readFileSync("/proc/self/status", "utf8");
  } catch {
    return "";
  }
}
