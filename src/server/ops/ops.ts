// What operations need of one app instance: its readiness state, its metrics and the free space
// of the data directory. Created by buildApp (or handed in by main.ts, which shares it with the
// background workers).
import type { Config } from "../config";
import type { Db } from "../db/client";
import { Disk } from "./disk";
import { Health } from "./health";
import { Metrics } from "./metrics";

export interface Ops {
  health: Health;
  metrics: Metrics;
  disk: Disk;
}

type OpsConfig = Pick<Config, "metricsToken" | "dataDir" | "diskMinFreeBytes">;

/** `databaseKind` "pglite": the database lives in DATA_DIR, whose free space is watched. */
export function createOps(db: Db, config: OpsConfig, databaseKind?: "pglite" | "postgres"): Ops {
  const disk = new Disk(databaseKind === "pglite" ? config.dataDir : null, config.diskMinFreeBytes ?? 0);
  disk.watch();
  // Process metrics (GC observer, event-loop monitor) only when someone can scrape them.
  return { health: new Health(db, disk), metrics: new Metrics({ db, disk, processMetrics: !!config.metricsToken }), disk };
}
