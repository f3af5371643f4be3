// Restores a backup (format.ts) into a migrated, empty database in one transaction: rows are
// inserted in foreign-key order through json_populate_recordset in bounded batches, the
// projects → project_files pointers are set once the files exist, and every sequence is moved past
// the restored ids. Any failure (damaged or cut-off file, constraint error) leaves nothing behind.
import { createReadStream } from "node:fs";
import { resolve } from "node:path";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { rows, type Database, type Db } from "../db/client";
import { journalTags, parseHeader, type BackupHeader, type BackupRowLine, type BackupTrailer } from "./format";
import { BackupError, appliedMigrations, describeTables, ident, identList, type TableInfo } from "./tables";

const BATCH_ROWS = 500;
const BATCH_BYTES = 16 * 1024 * 1024;

export interface RestoreOptions {
  /** Replace whatever the database holds (truncated in the same transaction) instead of refusing. */
  replace?: boolean;
}

export interface RestoreSummary {
  header: BackupHeader;
  counts: Record<string, number>;
  durationMs: number;
}

export async function restoreBackup(database: Database, file: string, opts: RestoreOptions = {}): Promise<RestoreSummary> {
  const started = Date.now();
  const lines = readLines(resolve(file));
  try {
    const first = await lines.next();
    const header = parseHeader(first.done ? undefined : first.value);
    const current = await appliedMigrations(database.db, journalTags());
    if (header.migrations.count > current.count) {
      throw new BackupError(
        `Die Sicherung stammt von einer neueren bauklar-Version (Migration ${header.migrations.lastTag ?? header.migrations.count}, ` +
          `diese Version kennt ${current.lastTag ?? current.count}). Bitte mit mindestens dieser Version wiederherstellen.`,
      );
    }
    const tables = await describeTables(database.db);
    const counts = await database.db.transaction(async (tx) => {
      await prepareTarget(tx, tables, opts.replace ?? false);
      const writer = new TableWriter(tx, tables, header);
      let trailer: BackupTrailer | null = null;
      for await (const line of lines) {
        if (!line) continue;
        if (trailer) throw new BackupError("Die Sicherung enthält Daten nach ihrem Ende – Datei beschädigt.");
        const parsed = splitLine(line);
        if ("end" in parsed) trailer = parsed;
        else await writer.add(parsed.table, parsed.rowJson);
      }
      await writer.finish();
      if (!trailer) throw new BackupError("Die Sicherung ist unvollständig (das Dateiende fehlt) – es wurde nichts wiederhergestellt.");
      for (const table of new Set([...Object.keys(trailer.counts), ...Object.keys(writer.counts)])) {
        const got = writer.counts[table] ?? 0;
        const expected = trailer.counts[table] ?? 0;
        if (got !== expected) throw new BackupError(`Tabelle ${table}: ${got} statt ${expected} Zeilen gelesen – Datei beschädigt.`);
      }
      await resetSequences(tx, tables);
      return writer.counts;
    });
    return { header, counts, durationMs: Date.now() - started };
  } finally {
    await lines.return(undefined);
  }
}

/** How backup.ts writes a row line; such lines are not parsed here (the database parses the row). */
const ROW_LINE_START = /^\{"table":"([a-z_][a-z0-9_]*)","row":\{/;

/** A row line's table and row JSON, or the trailer. Files of 10 MB are not parsed twice. */
function splitLine(line: string): { table: string; rowJson: string } | BackupTrailer {
  const start = ROW_LINE_START.exec(line.slice(0, 100));
  if (start && line.endsWith("}}")) return { table: start[1], rowJson: line.slice(start[0].length - 1, -1) };
  let parsed: BackupRowLine | BackupTrailer;
  try {
    parsed = JSON.parse(line) as BackupRowLine | BackupTrailer;
  } catch {
    throw new BackupError("Eine Zeile der Sicherung ist beschädigt – es wurde nichts wiederhergestellt.");
  }
  if ("end" in parsed) return parsed;
  if (typeof parsed.table !== "string" || typeof parsed.row !== "object" || parsed.row === null) {
    throw new BackupError("Eine Zeile der Sicherung ist beschädigt – es wurde nichts wiederhergestellt.");
  }
  return { table: parsed.table, rowJson: JSON.stringify(parsed.row) };
}

/** Lines of the gunzipped file; read errors and damaged gzip data end the iteration with an error. */
async function* readLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on("error", (err) => gunzip.destroy(err));
  input.pipe(gunzip).setEncoding("utf8");
  let pending = "";
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      let start = 0;
      for (let nl = chunk.indexOf("\n"); nl !== -1; nl = chunk.indexOf("\n", start)) {
        yield pending + chunk.slice(start, nl);
        pending = "";
        start = nl + 1;
      }
      pending += chunk.slice(start);
    }
  } catch (err) {
    throw new BackupError(`Die Sicherung kann nicht gelesen werden (${(err as Error).message}).`);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  if (pending) yield pending;
}

/** Only an empty database is restored into, unless the caller asked to replace its content. */
async function prepareTarget(tx: Db, tables: TableInfo[], replace: boolean) {
  if (replace) {
    await tx.execute(sql`truncate table ${identList(tables.map((t) => t.name))} restart identity`);
    return;
  }
  const used: string[] = [];
  for (const t of tables) {
    const [r] = await rows<{ used: boolean }>(tx, sql`select exists (select 1 from ${ident(t.name)}) as used`);
    if (r?.used) used.push(t.name);
  }
  if (used.length) {
    throw new BackupError(
      `Die Zieldatenbank ist nicht leer (Daten in: ${used.join(", ")}). Wiederhergestellt wird nur in eine leere Datenbank: ` +
        "für PGlite ein neues DATA_DIR, für PostgreSQL eine neu angelegte Datenbank (createdb) – und erst danach den Server starten. " +
        "Oder mit --replace den gesamten Inhalt dieser Datenbank durch die Sicherung ersetzen.",
    );
  }
}

/** Collects the rows of one table at a time into batches and inserts them. */
class TableWriter {
  readonly counts: Record<string, number> = {};
  private index = -1;
  private batch: string[] = [];
  private batchBytes = 0;
  private readonly backupColumns: Map<string, Set<string>>;
  /** Primary key and deferred pointer values, set after all rows exist. */
  private readonly pointers = new Map<string, Record<string, unknown>[]>();

  constructor(
    private readonly tx: Db,
    private readonly tables: TableInfo[],
    header: BackupHeader,
  ) {
    this.backupColumns = new Map(header.tables.map((t) => [t.name, new Set(t.columns)]));
  }

  private get table(): TableInfo {
    return this.tables[this.index];
  }

  async add(name: string, rowJson: string) {
    if (this.index < 0 || name !== this.table.name) {
      await this.flush();
      const next = this.tables.findIndex((t) => t.name === name);
      if (next < 0) throw new BackupError(`Die Sicherung enthält die unbekannte Tabelle ${name}.`);
      if (next <= this.index)
        throw new BackupError(`Die Zeilen der Tabelle ${name} stehen nicht in der erwarteten Reihenfolge – Datei beschädigt.`);
      this.index = next;
    }
    const table = this.table;
    const json = table.deferred.length ? this.deferPointers(table, JSON.parse(rowJson) as Record<string, unknown>) : rowJson;
    this.batch.push(json);
    this.batchBytes += json.length;
    if (this.batch.length >= BATCH_ROWS || this.batchBytes >= BATCH_BYTES) await this.flush();
  }

  /** Keeps the row's pointers to later tables for finish() and inserts it without them. */
  private deferPointers(table: TableInfo, row: Record<string, unknown>): string {
    if (table.deferred.some((c) => row[c] != null)) {
      const kept: Record<string, unknown> = {};
      for (const c of [...table.primaryKey, ...table.deferred]) kept[c] = row[c];
      const list = this.pointers.get(table.name) ?? [];
      list.push(kept);
      this.pointers.set(table.name, list);
      for (const c of table.deferred) row[c] = null;
    }
    return JSON.stringify(row);
  }

  private async flush() {
    if (!this.batch.length) return;
    const table = this.table;
    const present = this.backupColumns.get(table.name);
    // Columns the backup lacks (added by a later migration) get their defaults.
    const columns = table.columns.filter((c) => present?.has(c));
    const json = `[${this.batch.join(",")}]`;
    try {
      await this.tx.execute(
        sql`insert into ${ident(table.name)} (${identList(columns)}) overriding system value
            select ${identList(columns)} from json_populate_recordset(null::${ident(table.name)}, ${json}::json)`,
      );
    } catch (err) {
      // The database's own reason, without the driver's copy of the (megabytes of) parameters.
      const e = err as { message?: string; cause?: { message?: string } };
      const reason = (e.cause?.message ?? e.message ?? String(err)).slice(0, 300);
      throw new BackupError(`Tabelle ${table.name}: ${reason} – es wurde nichts wiederhergestellt.`);
    }
    this.counts[table.name] = (this.counts[table.name] ?? 0) + this.batch.length;
    this.batch = [];
    this.batchBytes = 0;
  }

  async finish() {
    await this.flush();
    for (const table of this.tables) {
      const list = this.pointers.get(table.name) ?? [];
      for (let i = 0; i < list.length; i += BATCH_ROWS) {
        const json = JSON.stringify(list.slice(i, i + BATCH_ROWS));
        const set = sql.join(
          table.deferred.map((c) => sql`${ident(c)} = s.${ident(c)}`),
          sql`, `,
        );
        const match = sql.join(
          table.primaryKey.map((k) => sql`d.${ident(k)} = s.${ident(k)}`),
          sql` and `,
        );
        await this.tx.execute(
          sql`update ${ident(table.name)} as d set ${set} from json_populate_recordset(null::${ident(table.name)}, ${json}::json) s where ${match}`,
        );
      }
    }
  }
}

/** Next generated ids continue after the restored ones. */
async function resetSequences(tx: Db, tables: TableInfo[]) {
  for (const table of tables) {
    for (const column of table.sequenced) {
      const quoted = `"${table.name.replace(/"/g, '""')}"`;
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${quoted}, ${column}), coalesce((select max(${ident(column)}) from ${ident(table.name)}), 0) + 1, false)`,
      );
    }
  }
}
