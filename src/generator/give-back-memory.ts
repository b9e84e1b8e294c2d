import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

type Collect = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;
let collect: Collect | undefined;

/**
 * Collects all of this process's garbage at once and gives the memory it freed back to the
 * system. V8 keeps the heap it has grown to: once a large blog's pages are made (5,930 pages) the
 * build holds 480-560 MB, some 200 MB of it garbage and free pages, for as long as it runs. Before
 * another process starts beside it for minutes (the cards' encoder, 190-290 MB), that memory is
 * worth the 0.1-0.35 s of V8's most thorough collection, which compacts the heap and returns its
 * free pages. Node offers the collector's handle only behind a flag: set here, and the handle taken
 * from a new context, where V8 then puts it.
 */
export function giveBackMemory(): void {
  if (!collect) {
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as Collect;
  }
  collect({ type: "major", execution: "sync", flavor: "last-resort" });
}
