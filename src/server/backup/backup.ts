// Logical backup of every table into one gzip'd NDJSON file (see format.ts). Rows are read with
// keyset pagination in one read-only snapshot, so memory stays bounded and the backup is consistent
// while the application keeps running on PostgreSQL.
import { createWriteStream, existsSync, renameSync, rmSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { rows, type Database, type Db } from "../db/client";
import { BACKUP_FORMAT, BACKUP_VERSION, journalTags, type BackupHeader, type BackupTrailer } from "./format";
import { BackupError, appliedMigrations, describeTables, ident, identList, type TableInfo } from "./tables";

/** Rows per query; tables with file bytes (up to 10 MB each, twice that as hex) one at a time. */
const PAGE_ROWS = 500;
const PAGE_ROWS_WITH_BYTES = 1;

export interface BackupSummary {
  file: string;
  bytes: number;
  counts: Record<string, number>;
  durationMs: number;
}

export async function writeBackup(database: Database, file: string): Promise<BackupSummary> {
  const started = Date.now();
  const target = resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} existiert bereits – bitte einen neuen Dateinamen angeben.`);
  // Written under a temporary name and renamed at the end: a file with the final name is complete.
  const partial = `${target}.partial-${process.pid}`;
  const counts: Record<string, number> = {};
  try {
    await database.db.transaction(
      async (tx) => {
        const tables = await describeTables(tx);
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          migrations: await appliedMigrations(tx, journalTags()),
          source: database.kind,
          tables: tables.map((t) => ({ name: t.name, columns: t.columns })),
        };
        await pipeline(
          Readable.from(backupLines(tx, tables, header, counts)),
          createGzip({ level: 3 }),
          createWriteStream(partial, { flags: "wx" }),
        );
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    renameSync(partial, target);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  return { file: target, bytes: statSync(target).size, counts, durationMs: Date.now() - started };
}

async function* backupLines(db: Db, tables: TableInfo[], header: BackupHeader, counts: Record<string, number>): AsyncGenerator<string> {
  yield `${JSON.stringify(header)}\n`;
  for (const table of tables) {
    const prefix = `{"table":${JSON.stringify(table.name)},"row":`;
    let n = 0;
    for await (const json of tableRows(db, table)) {
      yield `${prefix}${json}}\n`;
      n++;
    }
    counts[table.name] = n;
  }
  const trailer: BackupTrailer = { end: true, counts };
  yield `${JSON.stringify(trailer)}\n`;
}

/** row_to_json of every row in primary-key order (bytea as "\\x…" hex, timestamps ISO, arrays/jsonb as JSON). */
async function* tableRows(db: Db, table: TableInfo): AsyncGenerator<string> {
  if (!table.primaryKey.length) throw new BackupError(`Tabelle ${table.name} hat keinen Primärschlüssel.`);
  const limit = table.hasBytes ? PAGE_ROWS_WITH_BYTES : PAGE_ROWS;
  const keyAliases = table.primaryKey.map((_, i) => `k${i}`);
  const keys = sql.join(
    table.primaryKey.map((k, i) => sql`t.${ident(k)} as ${ident(keyAliases[i])}`),
    sql`, `,
  );
  let after: unknown[] | null = null;
  for (;;) {
    const where: ReturnType<typeof sql> = after
      ? sql`where (${identList(table.primaryKey)}) > (${sql.join(
          after.map((v) => sql`${v}`),
          sql`, `,
        )})`
      : sql``;
    const page: Record<string, unknown>[] = await rows<Record<string, unknown>>(
      db,
      sql`select ${keys}, row_to_json(t)::text as json
          from (select ${identList(table.columns)} from ${ident(table.name)} ${where} order by ${identList(table.primaryKey)} limit ${limit}) t
          order by ${identList(keyAliases)}`,
    );
    // A raw line break can only be whitespace between JSON tokens (inside strings it is escaped),
    // e.g. in a json column's stored text; one line per row must hold.
    for (const r of page) {
      const json = r.json as string;
      yield json.includes("\n") || json.includes("\r") ? json.replace(/[\r\n]/g, " ") : json;
    }
    if (page.length < limit) return;
    const last = page[page.length - 1];
    after = keyAliases.map((k) => last[k]);
  }
}
