// What operations need of one app instance: its readiness state and its metrics. Created by
// buildApp (or handed in by main.ts, which shares it with the background workers).
import type { Config } from "../config";
import type { Db } from "../db/client";
import { Health } from "./health";
import { Metrics } from "./metrics";

export interface Ops {
  health: Health;
  metrics: Metrics;
}

export function createOps(db: Db, config: Pick<Config, "metricsToken">): Ops {
  // Process metrics (GC observer, event-loop monitor) only when someone can scrape them.
  return { health: new Health(db), metrics: new Metrics({ db, processMetrics: !!config.metricsToken }) };
}
