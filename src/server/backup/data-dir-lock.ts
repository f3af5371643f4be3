// PGlite is one process's database: a second process opening the same DATA_DIR would corrupt it,
// and PGlite itself does not stop that. The server and the backup commands therefore hold a lock
// file in DATA_DIR naming their process; a lock whose process is gone (crash, SIGKILL, reboot) is
// stale. On Linux the boot id and the process start time tell a reused pid from the holder.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

export const LOCK_FILE = "bauklar.lock";

export interface LockHolder {
  pid: number;
  host: string;
  owner: string;
  since: string;
  boot?: string;
  /** Start time of the process (clock ticks since boot, /proc/<pid>/stat). */
  started?: string;
}

export interface DataDirLock {
  path: string;
  /** Set when a lock of another host was taken over (it cannot be checked from here). */
  replaced: LockHolder | null;
  release(): void;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly path: string,
  ) {
    const who = holder.owner === "server" ? "einem laufenden bauklar-Server" : `„${holder.owner}“`;
    super(
      `Das Datenverzeichnis wird gerade von ${who} benutzt (Prozess ${holder.pid} auf ${holder.host}, seit ${holder.since}). ` +
        "PGlite erlaubt nur einen Prozess: bitte den Server zuerst beenden (SIGTERM) und dann erneut versuchen. " +
        `Ist sicher kein Prozess mehr aktiv, kann die Sperrdatei ${path} gelöscht werden.`,
    );
  }
}

function readHolder(path: string): LockHolder | null {
  try {
    const h = JSON.parse(readFileSync(path, "utf8")) as Partial<LockHolder>;
    return typeof h.pid === "number" && typeof h.host === "string"
      ? { pid: h.pid, host: h.host, owner: String(h.owner ?? "?"), since: String(h.since ?? "?"), boot: h.boot, started: h.started }
      : null;
  } catch {
    return null;
  }
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

const bootId = () => readProc("/proc/sys/kernel/random/boot_id")?.trim();

/** Field 22 of /proc/<pid>/stat; the command name before it may contain spaces, hence the ')'. */
function startTime(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

/** Whether the lock's process (on this host) still runs. */
function holderAlive(holder: LockHolder): boolean {
  // The same pid is a leftover of an earlier run (e.g. pid 1 in a restarted container).
  if (holder.pid === process.pid) return false;
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const started = startTime(holder.pid);
  return !(holder.started && started && holder.started !== started);
}

/**
 * Takes the lock of DATA_DIR or throws DataDirInUseError. A lock of another host cannot be checked:
 * the server takes it over (a recreated container has a new host name), the commands refuse.
 */
export function acquireDataDirLock(dataDir: string, owner: string, opts: { takeOverOtherHost?: boolean } = {}): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    owner,
    since: new Date().toISOString(),
    boot: bootId(),
    started: startTime(process.pid),
  };
  let replaced: LockHolder | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = readHolder(path);
      // Someone else took it between our removal of a stale lock and our retry.
      if (attempt > 0) throw holder ? new DataDirInUseError(holder, path) : err;
      if (holder) {
        const sameHost = holder.host === me.host;
        const alive = sameHost ? holderAlive(holder) : !opts.takeOverOtherHost;
        if (alive) throw new DataDirInUseError(holder, path);
        if (!sameHost) replaced = holder;
      }
      rmSync(path, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    if (readHolder(path)?.pid === me.pid) rmSync(path, { force: true });
  };
  process.on("exit", release);
  return { path, replaced, release };
}
