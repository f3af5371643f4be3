// `npm run db:backup -- <file>` and `npm run db:restore -- <file> [--replace]`: the database is the
// one the server would use (DATABASE_URL, otherwise PGlite under DATA_DIR).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { loadConfig, type Config } from "../config";
import { openDatabase, type Database } from "../db/client";
import { writeBackup } from "./backup";
import { restoreBackup } from "./restore";
import { acquireDataDirLock, DataDirInUseError, type DataDirLock } from "./data-dir-lock";
import { BackupError } from "./tables";

const USAGE = {
  backup: "Aufruf: npm run db:backup -- <datei.ndjson.gz>",
  restore: "Aufruf: npm run db:restore -- <datei.ndjson.gz> [--replace]",
};

const describeTarget = (config: Config) => (config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`);
const totalRows = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Opens the database for a command; PGlite only when no server holds its DATA_DIR. */
async function withDatabase<T>(config: Config, owner: string, mustExist: boolean, run: (database: Database) => Promise<T>): Promise<T> {
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) {
    if (mustExist && !existsSync(join(config.dataDir, "pglite", "PG_VERSION"))) {
      throw new BackupError(
        `In ${config.dataDir} liegt keine bauklar-Datenbank (DATA_DIR prüfen, oder DATABASE_URL für PostgreSQL setzen).`,
      );
    }
    lock = acquireDataDirLock(config.dataDir, owner);
  }
  try {
    // Pending migrations are applied first, as a server start would.
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

function fail(err: unknown): number {
  if (err instanceof BackupError || err instanceof DataDirInUseError) {
    process.stderr.write(`Fehler: ${err.message}\n`);
  } else {
    process.stderr.write(`Fehler: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  return 1;
}

export async function runBackupCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [file] = args.filter((a) => !a.startsWith("--"));
  if (!file || args.includes("--help")) {
    process.stderr.write(`${USAGE.backup}\n`);
    return file ? 0 : 2;
  }
  const config = loadConfig(env);
  try {
    const summary = await withDatabase(config, "db:backup", true, (database) => writeBackup(database, file));
    process.stdout.write(
      `Sicherung von ${describeTarget(config)} geschrieben: ${summary.file} (${(summary.bytes / 1024 / 1024).toFixed(1)} MB, ` +
        `${totalRows(summary.counts)} Zeilen, ${seconds(summary.durationMs)})\n`,
    );
    return 0;
  } catch (err) {
    return fail(err);
  }
}

export async function runRestoreCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [file] = args.filter((a) => !a.startsWith("--"));
  const unknown = args.filter((a) => a.startsWith("--") && a !== "--replace" && a !== "--help");
  if (!file || unknown.length || args.includes("--help")) {
    process.stderr.write(`${USAGE.restore}\n`);
    return file && !unknown.length ? 0 : 2;
  }
  if (!existsSync(file)) return fail(new BackupError(`Die Datei ${file} gibt es nicht.`));
  const config = loadConfig(env);
  try {
    const summary = await withDatabase(config, "db:restore", false, (database) =>
      restoreBackup(database, file, { replace: args.includes("--replace") }),
    );
    process.stdout.write(
      `Sicherung vom ${summary.header.createdAt} in ${describeTarget(config)} wiederhergestellt: ` +
        `${totalRows(summary.counts)} Zeilen in ${Object.keys(summary.counts).length} Tabellen (${seconds(summary.durationMs)}).\n`,
    );
    return 0;
  } catch (err) {
    return fail(err);
  }
}
