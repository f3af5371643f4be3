// Starts the product: database (migrations run first), first-start seed, HTTP server; drains
// in-flight requests and closes the database on SIGTERM/SIGINT.
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { buildApp } from "./app";
import { firstStart } from "./seed/first-start";
import { startBackground } from "./background";

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ db: database.db, database, config });
  const { adminInvitationUrl } = await firstStart(database.db, config, app.log);
  const background = startBackground({ db: database.db, database, config }, app.log);
  await app.listen({ port: config.port, host: config.host });
  if (adminInvitationUrl) {
    // Plain text on purpose: a newcomer copies this from the terminal.
    process.stdout.write(
      `\n  Noch kein Systemadministrator. Einmaliger Einladungslink für den ersten Systemadministrator:\n\n    ${adminInvitationUrl}\n\n`,
    );
  }
  app.log.info(`bauklar läuft auf ${config.publicOrigin} (Datenbank: ${database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL"})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: draining requests");
    await background.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
