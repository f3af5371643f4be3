// Free space of the data directory (PGlite keeps its database there). A full disk must give clear
// refusals, never a hang: PGlite that runs out of space in the middle of a write can panic and
// spin. So uploads are refused (507) while the space left would fall below a margin, the reader
// takes no new jobs meanwhile (it writes the positions), /readyz and /metrics report it, and a
// start on a full disk names the cause.
import { existsSync, statfsSync } from "node:fs";
import { statfs } from "node:fs/promises";
import { dirname } from "node:path";
import { insufficientStorage } from "../http/errors";

export const DISK_FULL =
  "Auf dem Server ist nicht mehr genug Speicherplatz für diese Datei frei. Bitte versuchen Sie es später erneut oder wenden Sie sich an den Betreiber.";

/** How often the cached figure behind readiness and the job worker is refreshed. */
const REFRESH_MS = 5000;

/** The nearest existing folder (DATA_DIR may not exist before the first start). */
function existing(dir: string): string {
  let d = dir;
  while (!existsSync(d) && dirname(d) !== d) d = dirname(d);
  return d;
}

export async function freeBytes(dir: string): Promise<number> {
  const s = await statfs(existing(dir));
  return Number(s.bavail) * Number(s.bsize);
}

export function freeBytesSync(dir: string): number {
  const s = statfsSync(existing(dir));
  return Number(s.bavail) * Number(s.bsize);
}

export type DiskState = "ok" | "low" | "unchecked";

export class Disk {
  private free: number | null = null;
  private timer: NodeJS.Timeout | null = null;

  /** `dir` null: the data lives elsewhere (PostgreSQL's own disk, watched by its operator). */
  constructor(
    readonly dir: string | null,
    readonly minFreeBytes: number,
  ) {}

  /** The last measured free bytes (null before the first measurement or without a directory). */
  get freeBytes(): number | null {
    return this.free;
  }

  get state(): DiskState {
    if (this.dir === null || this.free === null) return "unchecked";
    return this.free < this.minFreeBytes ? "low" : "ok";
  }

  get low(): boolean {
    return this.state === "low";
  }

  async refresh(): Promise<DiskState> {
    if (this.dir === null) return "unchecked";
    try {
      this.free = await freeBytes(this.dir);
    } catch {
      this.free = null;
    }
    return this.state;
  }

  /** Keeps the figure fresh for readiness and the job worker (unreferenced timer). */
  watch() {
    if (this.dir === null || this.timer) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * 507 with a German message when storing `bytes` (written about twice: table and WAL) would
   * leave less than the margin.
   */
  async ensureRoomFor(bytes: number): Promise<void> {
    if (this.dir === null) return;
    await this.refresh();
    if (this.free !== null && this.free - 2 * bytes < this.minFreeBytes) throw insufficientStorage(DISK_FULL);
  }
}

/** The German reason for a start that failed on a (nearly) full data directory, or null. */
export function diskFullStartMessage(dir: string, minFreeBytes: number): string | null {
  let free: number;
  try {
    free = freeBytesSync(dir);
  } catch {
    return null;
  }
  // Below the margin, or below 16 MB when the margin is off: PGlite needs room to start.
  if (free >= Math.max(minFreeBytes, 16 * 2 ** 20)) return null;
  const mb = (n: number) => `${Math.floor(n / 2 ** 20)} MB`;
  return `bauklar startet nicht: Im Datenverzeichnis ${dir} sind nur noch ${mb(free)} frei (nötig sind mindestens ${mb(Math.max(minFreeBytes, 16 * 2 ** 20))}). Bitte Speicherplatz freigeben (oder DISK_MIN_FREE_MB anpassen) und neu starten.`;
}
