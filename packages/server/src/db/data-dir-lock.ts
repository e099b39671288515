import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Held while a server uses a data folder. */
export interface DataDirLock {
  release(): void;
}

/** Why a server may not start on a data folder. */
export class DataDirLockedError extends Error {}

interface Holder {
  pid: number;
  host: string;
  since: string;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readHolder(file: string): Holder | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
  } catch {
    return undefined;
  }
}

/**
 * Takes `dataDir/server.lock` for this process. The lock file is created by a hard link of a
 * file already written in full, so that two servers starting at once cannot both take it, and
 * a reader never sees it half-written. A lock left by a process that no longer runs on this
 * host is taken over; one held by a live process refuses the start.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'server.lock');
  const mine: Holder = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  const draft = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(draft, JSON.stringify(mine));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        fs.linkSync(draft, file);
        return { release: () => releaseIfMine(file) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && holder.host === os.hostname() && alive(holder.pid)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another server (process ${holder.pid}, started ${holder.since}). ` +
            'Stop that server, or start this one with another DATA_DIR.',
        );
      }
      if (holder && holder.host !== os.hostname()) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is locked by a server on host ${holder.host} (process ${holder.pid}). ` +
            `If no server runs there any more, delete ${file}.`,
        );
      }
      // A stale lock (its process is gone) is moved aside under a name of this process's own. If
      // what was moved is a live server's fresh lock (another start took over the stale one in
      // between), it is put back and this start refused.
      const aside = `${file}.stale.${process.pid}`;
      try {
        fs.renameSync(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        continue;
      }
      const moved = readHolder(aside);
      if (moved && moved.pid !== process.pid && moved.host === os.hostname() && alive(moved.pid)) {
        try {
          fs.linkSync(aside, file);
        } catch {
          /* a third start holds it now */
        }
        fs.rmSync(aside, { force: true });
        throw new DataDirLockedError(`The data folder ${dataDir} is in use by another server (process ${moved.pid}).`);
      }
      fs.rmSync(aside, { force: true });
    }
    throw new DataDirLockedError(`The data folder ${dataDir} could not be locked: another server is starting on it.`);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function releaseIfMine(file: string): void {
  if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
}
