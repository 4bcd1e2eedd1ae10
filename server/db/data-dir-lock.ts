/**
 * Keeps a second process off an embedded database that is open. PGlite itself does not notice: two processes on one
 * data folder would corrupt it. The lock is a file holding the owner's process id; a lock whose process is gone (a
 * crash, a container restart) is stale and taken over.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}), most likely the running server. ` +
        "The embedded database allows one process at a time: stop that process first, or run on PostgreSQL (DATABASE_URL).",
    );
    this.name = "DatabaseInUseError";
  }
}

/** Locks held by this process: opening the same folder twice in one process is refused too. */
const heldHere = new Set<string>();

export type DataDirLock = { release(): void };

/** Takes the lock of the embedded database in `dataDir`, or throws DatabaseInUseError naming the process that holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, "pglite.lock");
  if (heldHere.has(file)) throw new DatabaseInUseError(dataDir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      heldHere.add(file);
      return {
        release() {
          heldHere.delete(file);
          if (readPid(file) === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = readPid(file);
      if (pid !== undefined && isOtherLiveProcess(pid)) throw new DatabaseInUseError(dataDir, pid);
      // Stale: its process is gone. Remove it and try once more (another process may win that race, and then holds it).
      rmSync(file, { force: true });
    }
  }
  const pid = readPid(file);
  throw new DatabaseInUseError(dataDir, pid ?? 0);
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `pid` is a running Node.js process other than this one. Our own id in a lock file that this process did not
 * write means a restart reused it (a container's process ids repeat); where /proc exists, a process that is not Node.js
 * (an id reused after a reboot) does not hold the database either.
 */
function isOtherLiveProcess(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (!hasProcFs) return true;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    return false;
  }
}

const hasProcFs = existsSync("/proc/self/cmdline");
