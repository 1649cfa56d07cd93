import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The database folder is in use by another API process (pid ${pid}); lock file ${lockFile}. ` +
        `Stop that process, or set DATA_DIR to another folder, or use DATABASE_URL for a PostgreSQL server.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DirLock {
  file: string;
  release(): void;
}

/**
 * An exclusive lock on a PGlite data folder: `<dataDir>.lock` holding the owner's pid.
 * Two processes on one PGlite folder silently lose commits, so a second process refuses to start.
 * A lock left by a dead process is taken over. One process may hold the lock once.
 */
export function acquireDirLock(dataDir: string): DirLock {
  const file = `${path.resolve(dataDir)}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            if (Number(fs.readFileSync(file, 'utf8').trim()) === process.pid) fs.unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let pid: number;
      try {
        pid = Number(fs.readFileSync(file, 'utf8').trim());
      } catch {
        continue; // removed meanwhile: try again
      }
      if (isAlive(pid)) throw new DataDirLockedError(file, pid);
      // Stale lock of a dead process: take it over (unlink then exclusive create again;
      // if another starter wins that race, the next round sees its live pid and refuses).
      try {
        fs.unlinkSync(file);
      } catch {
        /* someone else removed it */
      }
    }
  }
  throw new Error(`Could not acquire the database lock ${file}`);
}
