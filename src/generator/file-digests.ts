// Digests of files' bytes, kept from one build to the next by each file's identity, as git's index
// and make know a file unchanged: a photo is read and hashed (some 4 ms a phone photo, seconds for a
// blog of a few hundred) only when it is not the same file as the build before read.
import { statSync } from "node:fs";

export interface FileDigests {
  /** The digest of the file's bytes: the earlier build's when the file is the same file as then, else made by reading it. */
  of(file: string): string;
  /** What the next build may take as known: each file asked for, with its identity; undefined when nothing changed. */
  remembered(): string | undefined;
}

/** How long after its last change a file may still change again within the same tick of the clock. */
const settling = 2_000;

/**
 * A file as the system knows it: device, inode, size, and the times of its last change in
 * nanoseconds. Every write sets the change time (ctime) to the clock's, which no program can set
 * back: a file with the same identity holds the same bytes. One changed in the last two seconds
 * may be written again within the same tick of the clock, keeping its times: it is read each time
 * until it has settled.
 */
function identityOf(file: string, now: number): string | undefined {
  const info = statSync(file, { bigint: true, throwIfNoEntry: false });
  const recently = BigInt(Math.floor(now) - settling) * 1_000_000n;
  if (!info || info.mtimeNs >= recently || info.ctimeNs >= recently) return undefined;
  return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
}

/**
 * File digests made by `digest`, starting from what an earlier build remembered (`earlier`, as
 * `remembered()` gave it) when that was made by the same `kind` of digest.
 */
export function createFileDigests(earlier: string | undefined, kind: string, digest: (file: string) => string, clock: () => number = Date.now): FileDigests {
  const before = new Map<string, [identity: string, digest: string]>();
  try {
    const kept = JSON.parse(earlier ?? "null") as { kind?: string; files?: Record<string, [string, string]> } | null;
    if (kept?.kind === kind) for (const [file, entry] of Object.entries(kept.files ?? {})) before.set(file, entry);
  } catch {
    // Unreadable: every file is read again.
  }
  // This build's: an entry to remember, or a digest alone for a file that has not settled.
  const now = new Map<string, [identity: string, digest: string] | string>();
  return {
    of(file) {
      const known = now.get(file);
      if (known !== undefined) return typeof known === "string" ? known : known[1];
      const identity = identityOf(file, clock());
      const entry = before.get(file);
      if (identity !== undefined && entry?.[0] === identity) {
        now.set(file, entry);
        return entry[1];
      }
      const made = digest(file);
      now.set(file, identity === undefined ? made : [identity, made]);
      return made;
    },
    remembered() {
      const files = [...now].filter((pair): pair is [string, [string, string]] => typeof pair[1] !== "string");
      if (files.length === before.size && files.every(([file, entry]) => before.get(file) === entry)) return undefined;
      return JSON.stringify({ kind, files: Object.fromEntries(files) });
    },
  };
}
