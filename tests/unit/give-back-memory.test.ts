import { getHeapStatistics } from "node:v8";
import { expect, test } from "vitest";
import { giveBackMemoryOfLargeHeap } from "../../src/generator/give-back-memory.ts";

const megabytes = 1024 ** 2;
const heap = () => getHeapStatistics().total_heap_size;

/** Some 150 MB of objects kept long enough to be moved to V8's old space, then let go (on return): what a large site's pages leave. */
function leaveGarbage(): void {
  const kept: { index: number; text: string }[][] = [];
  for (let round = 0; round < 6; round++) kept.push(Array.from({ length: 400_000 }, (_, index) => ({ index, text: `page ${round}/${index}` })));
  expect(kept.length).toBe(6);
}

test("a heap grown past the threshold is collected and its free pages given back", () => {
  leaveGarbage();
  const before = heap();
  expect(before).toBeGreaterThan(150 * megabytes);
  giveBackMemoryOfLargeHeap(100 * megabytes);
  expect(heap()).toBeLessThan(before - 100 * megabytes);
});

test("a heap under the threshold is left as it is", () => {
  leaveGarbage();
  const before = heap();
  giveBackMemoryOfLargeHeap(before + 100 * megabytes);
  expect(heap()).toBeGreaterThan(before - 20 * megabytes);
});
