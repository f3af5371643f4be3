// The backup file: gzip'd NDJSON. Line 1 is the header, then one line per row
// { table, row } (row = row_to_json of the table's row, tables in BACKUP_TABLES order), and a
// last line { end: true, counts } so a cut-off file is recognised instead of half restored.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { migrationsFolder } from "../db/client";
import { BackupError } from "./tables";

export const BACKUP_FORMAT = "bauklar-backup";
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** Schema state of the backed-up database: applied migrations and the last one's tag. */
  migrations: { count: number; lastTag: string | null };
  source: "postgres" | "pglite";
  /** Column names per table as written, so a restore into a newer schema knows what is present. */
  tables: { name: string; columns: string[] }[];
}

export interface BackupRowLine {
  table: string;
  row: Record<string, unknown>;
}

export interface BackupTrailer {
  end: true;
  counts: Record<string, number>;
}

/** Tags of drizzle/meta/_journal.json in order (the code's migrations). */
export function journalTags(): string[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  return journal.entries.map((e) => e.tag);
}

export function parseHeader(line: string | undefined): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(line ?? "") as Partial<BackupHeader>;
  } catch {
    throw new BackupError("Die Datei ist keine bauklar-Sicherung (Kopfzeile fehlt oder ist beschädigt).");
  }
  if (header.format !== BACKUP_FORMAT) throw new BackupError("Die Datei ist keine bauklar-Sicherung.");
  if (header.version !== BACKUP_VERSION)
    throw new BackupError(`Sicherungsformat Version ${String(header.version)} wird nicht unterstützt (erwartet ${BACKUP_VERSION}).`);
  if (!header.migrations || !Array.isArray(header.tables)) throw new BackupError("Die Kopfzeile der Sicherung ist unvollständig.");
  return header as BackupHeader;
}
