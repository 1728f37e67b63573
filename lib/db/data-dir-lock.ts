import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Take the embedded database's folder for this process: PGlite is single-process, and two processes writing
 * one data folder would corrupt it. A lock file holds the owner's pid; a lock left by a dead process is taken
 * over. Returns a release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "owner.pid");
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
  } catch {
    const owner = Number(readFileSync(file, "utf8"));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${owner}. Stop it, or give this process its own DATA_DIR, or use DATABASE_URL to share a PostgreSQL server between processes.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

/** Whether a process with this id exists (one we may not signal counts as alive). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
