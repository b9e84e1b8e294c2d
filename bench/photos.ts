// The photos rows of `npm run bench`: the real site with a few large phone photos beside each
// post, built in a new process with an image cache of its own: first with every photo to encode
// (a fresh clone's first build, or the day the photos were added), then with them all encoded.
// The photos are encoded and the cards drawn in processes of the build's own (image-process.ts):
// the memory measured is that of the build and its processes together (tree-memory.ts).
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { withTempDir } from "./build.ts";
import type { BenchRow } from "./report.ts";
import { scaleBudgets } from "./scale.ts";
import { buildWithProcesses } from "./tree-memory.ts";
import { addPhonePhotos, makeScaledSite } from "../tests/support/scaled-site.ts";

export async function benchPhotos(perPost = 4): Promise<BenchRow[]> {
  return withTempDir(async (work) => {
    const site = path.join(work, "site");
    // The real site as it is (its own posts only), with the photos beside each post.
    await makeScaledSite(site, 0);
    const { photos, bytes } = await addPhonePhotos(site, perPost);
    const cache = path.join(work, "cache");
    await mkdir(cache);
    const first = await buildWithProcesses(site, path.join(work, "first"), cache);
    const later = await buildWithProcesses(site, path.join(work, "later"), cache);
    const mb = (value: number) => `${Math.round(value / 1024 ** 2)} MB`;
    const label = `${photos} phone photos (4000×3000 JPEG, ${mb(bytes)} in all) beside the real site's posts`;
    const budget = `≤ ${mb(scaleBudgets.peakBytes)}`;
    return [
      {
        label: `${label}: peak memory of the first build, every photo and card to make (its processes together)`,
        value: mb(first.peakBytes),
        budget,
        ok: first.peakBytes <= scaleBudgets.peakBytes,
        note: `${(first.ms / 1000).toFixed(1)} s; each photo in 4 widths × 3 formats, a card for each of the site's pages`,
      },
      {
        label: `${label}: peak memory of a later build (every photo in the image cache)`,
        value: mb(later.peakBytes),
        budget,
        ok: later.peakBytes <= scaleBudgets.peakBytes,
        note: `${(later.ms / 1000).toFixed(1)} s`,
      },
    ];
  });
}
