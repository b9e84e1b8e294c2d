import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, openSync, closeSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Real file-system conditions for the store's tests: a small tmpfs that can be filled (a full
 * disk) and a read-only bind mount (a read-only disk). The tests run as root here, and root
 * ignores file modes, so a mode of 0444 would prove nothing; the kernel refuses writes to a
 * read-only mount and to a full tmpfs whoever asks. Mounting needs root with CAP_SYS_ADMIN (a
 * plain container has it, an unprivileged one may not): where it is missing, `canMount` is false
 * and the tests that need it are skipped, saying so.
 */
export const canMount: boolean = (() => {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(path.join(os.tmpdir(), "site-mount-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", [probe], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

/** Mounts a tmpfs of `bytes` at `dir` (created if missing). */
export function mountTmpfs(dir: string, bytes: number): void {
  mkdirSync(dir, { recursive: true });
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${bytes},mode=0700`, "tmpfs", dir]);
}

/** Makes `dir` read-only in place: a bind mount of itself, remounted read-only. */
export function mountReadOnly(dir: string): void {
  execFileSync("mount", ["--bind", dir, dir]);
  execFileSync("mount", ["-o", "remount,bind,ro", dir]);
}

/** Undoes a mount made by the functions above; quiet when nothing is mounted there. */
export function unmount(dir: string): void {
  try {
    execFileSync("umount", [dir], { stdio: "ignore" });
  } catch {
    // Not mounted (any more).
  }
}

/** Fills the file system of `dir` with one file until it has no space left; returns that file. */
export function fillDisk(dir: string): string {
  const file = path.join(dir, "filler");
  const fd = openSync(file, "w");
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
    // What is left is less than a chunk: fill it in small writes, so that no write fits any more.
    try {
      for (;;) writeSync(fd, chunk, 0, 512);
    } catch {
      // Full.
    }
  } finally {
    closeSync(fd);
  }
  return file;
}
