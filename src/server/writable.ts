import { closeSync, constants, existsSync, mkdirSync, openSync, unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { journalFile } from "./sent-journal.ts";
import { storeFiles } from "./store.ts";

/**
 * Checks at start-up that the message store can be written: the data folder (SQLite creates its
 * `-wal` and `-shm` files there), the database, its `-wal` and `-shm` files and the sent journal,
 * each that exists. Throws one line naming the first path that cannot be written and how to fix
 * it. Files are opened for writing but never written; the folder gets an empty file, removed at
 * once. (Checking permission bits would not do: root ignores them, and a read-only mount or an
 * immutable file refuses root too.)
 */
export function checkStoreWritable(dataDir: string): void {
  const created = failureOf(() => mkdirSync(dataDir, { recursive: true, mode: 0o700 }));
  if (created) {
    // A recursive mkdir reports ENOENT for most causes; the first missing folder, made alone, says the real one.
    const parent = nearestExisting(dataDir);
    const first = path.join(parent, path.relative(parent, path.resolve(dataDir)).split(path.sep)[0]!);
    const real = failureOf(() => mkdirSync(first, { mode: 0o700 })) ?? created;
    throw new Error(`cannot create the data folder ${dataDir}: ${fix(real, parent, true)}`);
  }
  const probe = path.join(dataDir, `.write-test-${process.pid}`);
  const probed = failureOf(() => {
    closeSync(openSync(probe, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600));
    unlinkSync(probe);
  });
  if (probed) throw new Error(`the data folder ${dataDir} is not writable: ${fix(probed, dataDir, true)}`);
  const { db, wal, shm } = storeFiles(dataDir);
  for (const file of [db, wal, shm, journalFile(db)]) {
    const opened = existsSync(file) ? failureOf(() => closeSync(openSync(file, constants.O_RDWR))) : null;
    if (opened) throw new Error(`${file} is not writable: ${fix(opened, file, false)}`);
  }
}

/** The error `run` throws, or null. The checks turn it into one line with the fix, its code included. */
function failureOf(run: () => void): NodeJS.ErrnoException | null {
  try {
    run();
    return null;
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
}

function fix(error: NodeJS.ErrnoException, target: string, folder: boolean): string {
  const code = error.code ?? "error";
  const user = serverUser();
  switch (code) {
    case "EROFS":
      return `the file system is mounted read-only (EROFS); mount it read-write, or set SITE_DATA_DIR to a folder on a writable one`;
    case "EACCES":
      return folder
        ? `user ${user} may not write there (EACCES); give it to that user: chown ${user} ${target} && chmod 700 ${target}`
        : `user ${user} may not write it (EACCES); give it to that user: chown ${user} ${target} && chmod 600 ${target}`;
    case "EPERM":
      return `the system refuses writing (EPERM), usually because it is marked immutable or append-only; lsattr -d ${target} shows it, chattr -i -a ${target} clears it`;
    case "ENOSPC":
      return `the disk is full (ENOSPC); free some space on it`;
    case "ENOTDIR":
    case "EEXIST":
      return `a file stands where a folder should be (${code}); move it away, or set SITE_DATA_DIR to another folder`;
    default:
      return `${error.message}; make ${target} writable by user ${user}, or set SITE_DATA_DIR to a folder that is`;
  }
}

function nearestExisting(folder: string): string {
  let current = path.resolve(folder);
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

function serverUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return String(process.getuid?.() ?? "the server's user");
  }
}
