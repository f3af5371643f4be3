// Starts the product: database (migrations run first), first-start seed, HTTP server; drains
// in-flight requests and closes the database on SIGTERM/SIGINT.
import { sql } from "drizzle-orm";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { buildApp } from "./app";
import { firstStart, startMessage } from "./seed/first-start";
import { startBackground } from "./background";
import { acquireDataDirLock, DataDirInUseError } from "./backup/data-dir-lock";
import { createOps } from "./ops/ops";
import { diskFullStartMessage } from "./ops/disk";

/** A refused start whose German message says it all (printed without a stack). */
class StartError extends Error {}

async function main() {
  const config = loadConfig();
  // PGlite allows one process per DATA_DIR; the lock also keeps db:backup/db:restore away.
  const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir, "server", { takeOverOtherHost: true });
  // PGlite on a full disk fails with "PGlite failed to initialize properly": name the cause.
  // Before: only a disk too full for PGlite to start at all; after a failure: below the margin.
  const diskFull = (margin = config.diskMinFreeBytes) => (config.databaseUrl ? null : diskFullStartMessage(config.dataDir, margin));
  const full = diskFull(0);
  if (full) throw new StartError(full);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((err: unknown) => {
    const reason = diskFull();
    throw reason ? new StartError(reason) : err;
  });
  // One readiness state and one metrics registry for the HTTP side and the background workers.
  const ops = createOps(database.db, config, database.kind);
  const app = await buildApp({ db: database.db, database, config, ops });
  if (lock?.replaced) app.log.warn({ previous: lock.replaced }, "took over the DATA_DIR lock of another host");
  // Instances starting together on one PostgreSQL seed one after the other (the first one's admin
  // and demo project are then found by the next): a transaction holds the lock meanwhile.
  const { adminInvitationUrl } =
    database.kind === "postgres"
      ? await database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(746210002)`);
          return firstStart(database.db, config, app.log);
        })
      : await firstStart(database.db, config, app.log);
  const background = startBackground({ db: database.db, database, config, ops }, app.log);
  await app.listen({ port: config.port, host: config.host });
  // Plain text on purpose, and last (after the build output of npm start and the JSON log lines):
  // a newcomer copies the invitation link from the bottom of the terminal.
  process.stdout.write(
    startMessage({
      origin: config.publicOrigin,
      database: database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL",
      adminInvitationUrl,
    }),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: draining requests");
    // /readyz answers 503 from now on; a load balancer needs a few probes to take the instance
    // out, so the listener stays open for READY_DRAIN_MS before it closes.
    ops.health.startDraining();
    if (config.readyDrainMs > 0) await new Promise((r) => setTimeout(r, config.readyDrainMs));
    const force = setTimeout(() => {
      app.log.warn("shutting down: cutting connections still open after the grace period");
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    force.unref();
    // Stop listening at once; in-flight requests and the job in progress finish first. After the
    // grace period connections still open (e.g. a stalled upload) are cut, and a reading still in
    // progress is given back to the queue (another instance takes it at once) before the
    // database closes.
    await Promise.all([app.close(), background.stop(config.shutdownGraceMs)]);
    await database.close();
    lock?.release();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err) => {
  console.error(err instanceof DataDirInUseError || err instanceof ConfigError || err instanceof StartError ? err.message : err);
  process.exit(1);
});
