// Loaded with `node --import` into a process the benchmark measures: at exit, it writes the
// process's peak resident set size, in bytes, to stderr (`peak-rss 123456789`). Plain JavaScript:
// as TypeScript it loaded Node's type stripper into the measured process, 18 MB that `site build`
// itself never has.
import { writeSync } from "node:fs";

process.on("exit", () => {
  writeSync(2, `\npeak-rss ${process.resourceUsage().maxRSS * 1024}\n`);
});
