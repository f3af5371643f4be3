// Liveness and readiness. Alive: the process answers (no database). Ready: not shutting down, the
// database answers within a short deadline, every migration of this build is applied, and the
// background job worker runs. A load balancer takes an instance out while it is not ready.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { migrationsFolder, rows } from "../db/client";
import type { Disk, DiskState } from "./disk";

/** A readiness probe must answer before the prober gives up (typically 1–5 s). */
const DATABASE_CHECK_TIMEOUT_MS = 2000;

export interface Readiness {
  ready: boolean;
  checks: {
    shutdown: "running" | "draining";
    database: "ok" | "unreachable";
    migrations: "ok" | "pending" | "unknown";
    jobWorker: "running" | "stopped";
    /** Free space of the data directory (PGlite); "low" refuses uploads (507) but not reads. */
    disk: DiskState;
  };
  /** The names of the checks that failed (empty when ready). */
  failing: ("shutdown" | "database" | "migrations" | "jobWorker")[];
}

/** The `when` of the newest migration this build ships (drizzle's journal); drizzle stores it as created_at. */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

export class Health {
  private draining = false;
  private workers = 0;
  private readonly expectedMigration = newestMigration();

  constructor(
    private readonly db: Db,
    private readonly disk?: Disk,
  ) {}

  /** SIGTERM: from now on not ready, while requests in flight still finish. */
  startDraining() {
    this.draining = true;
  }

  get isDraining() {
    return this.draining;
  }

  /** Called by the background job worker when it starts (true) and stops (false). */
  jobWorker(running: boolean) {
    this.workers = Math.max(0, this.workers + (running ? 1 : -1));
  }

  async readiness(): Promise<Readiness> {
    const checks: Readiness["checks"] = {
      shutdown: this.draining ? "draining" : "running",
      database: "ok",
      migrations: "ok",
      jobWorker: this.workers > 0 ? "running" : "stopped",
      disk: this.disk ? await this.disk.refresh() : "unchecked",
    };
    try {
      const applied = await withTimeout(this.newestApplied(), DATABASE_CHECK_TIMEOUT_MS);
      if (applied < this.expectedMigration) checks.migrations = "pending";
    } catch {
      checks.database = "unreachable";
      checks.migrations = "unknown";
    }
    const failing: Readiness["failing"] = [];
    if (checks.shutdown !== "running") failing.push("shutdown");
    if (checks.database !== "ok") failing.push("database");
    if (checks.migrations === "pending") failing.push("migrations"); // "unknown" follows from the database
    if (checks.jobWorker !== "running") failing.push("jobWorker");
    return { ready: failing.length === 0, checks, failing };
  }

  /** Both drivers keep drizzle's migration log in drizzle.__drizzle_migrations. */
  private async newestApplied(): Promise<number> {
    const [row] = await rows<{ last: string | number | null }>(
      this.db,
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    );
    return Number(row?.last ?? 0);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
