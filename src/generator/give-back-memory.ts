import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

type Collect = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;
let collect: Collect | undefined;
/** What the heap held after the last collection. */
let left: number | undefined;

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
  // Little made since the last collection (the pages' end, then the cards): little to give back.
  if (left !== undefined && getHeapStatistics().used_heap_size < left * 1.25) return;
  if (!collect) {
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as Collect;
  }
  collect({ type: "major", execution: "sync", flavor: "last-resort" });
  left = getHeapStatistics().used_heap_size;
}

/**
 * Gives back the memory a large site's pages left (giveBackMemory) once they are made, when V8's
 * heap has grown past `threshold`: the site's last files (sitemap, feeds, the hosts' rules, the
 * cache's index of every page) are then made from a heap that holds what is alive, not on top of
 * one two to three times that (5,930 pages: 492-530 MB at the build's peak instead of 543-570 MB).
 * A site of a few hundred pages never grows its heap that far, and pays nothing.
 */
export function giveBackMemoryOfLargeHeap(threshold = 256 * 1024 ** 2): void {
  if (getHeapStatistics().total_heap_size > threshold) giveBackMemory();
}
