// Which tables a backup holds, in foreign-key order (parents first), and what backup and restore
// need to know about each one, read from the database's own catalog (same SQL on both drivers).
import { sql, type SQL } from "drizzle-orm";
import { rows, type Db } from "../db/client";

/** Every table of src/server/db/schema.ts; a table missing here makes backup and restore refuse. */
export const BACKUP_TABLES = [
  "companies",
  "company_logos",
  "users",
  "sessions",
  "mfa_recovery_codes",
  "passkeys",
  "auth_challenges",
  "password_resets",
  "login_throttle",
  "registration_links",
  "projects",
  "project_files",
  "boq_analyses",
  "boq_positions",
  "finding_reviews",
  "project_model_usage",
  "analysis_prompts",
  "analysis_model_cache",
  "reference_prices",
  "jobs",
  "chatbot_prompts",
  "chatbot_conversations",
  "chatbot_messages",
  "chatbot_knowledge_base",
  "chatbot_request_ledger",
  "audit_log",
  "membership_requests",
  "contact_messages",
] as const;

export interface TableInfo {
  name: string;
  /** Columns that can be written, in table order (generated columns are computed by the database). */
  columns: string[];
  primaryKey: string[];
  /** Tables holding file bytes are read a few rows at a time to keep memory bounded. */
  hasBytes: boolean;
  /** Foreign keys to this or a later table (projects → project_files): restored as NULL, set afterwards. */
  deferred: string[];
  /** Columns fed by a sequence (serial, bigserial, identity): their sequence is reset after a restore. */
  sequenced: string[];
}

export class BackupError extends Error {}

export const ident = (name: string): SQL => sql`${sql.identifier(name)}`;
export const identList = (names: string[]): SQL => sql.join(names.map(ident), sql`, `);

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: string;
  is_generated: string;
  column_default: string | null;
  is_identity: string;
}

/** Reads the catalog and checks that it matches BACKUP_TABLES exactly. */
export async function describeTables(db: Db): Promise<TableInfo[]> {
  const columns = await rows<ColumnRow>(
    db,
    sql`select c.table_name, c.column_name, c.data_type, c.is_nullable, c.is_generated, c.column_default, c.is_identity
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
  );
  const keys = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`select tc.table_name, k.column_name
        from information_schema.table_constraints tc
        join information_schema.key_column_usage k
          on k.constraint_schema = tc.constraint_schema and k.constraint_name = tc.constraint_name and k.table_name = tc.table_name
        where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = current_schema()
        order by tc.table_name, k.ordinal_position`,
  );
  const foreignKeys = await rows<{ table_name: string; ref_table: string; cols: string[] }>(
    db,
    sql`select c.conrelid::regclass::text as table_name, c.confrelid::regclass::text as ref_table,
               array(select a.attname::text from pg_attribute a where a.attrelid = c.conrelid and a.attnum = any(c.conkey)) as cols
        from pg_constraint c
        where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`,
  );

  const present = new Set(columns.map((c) => c.table_name));
  const known = new Set<string>(BACKUP_TABLES);
  const unknown = [...present].filter((t) => !known.has(t));
  if (unknown.length) {
    throw new BackupError(
      `Tabelle(n) ${unknown.join(", ")} fehlen in BACKUP_TABLES (src/server/backup/tables.ts) – die Sicherung wäre unvollständig.`,
    );
  }
  const missing = BACKUP_TABLES.filter((t) => !present.has(t));
  if (missing.length) throw new BackupError(`Der Datenbank fehlen die Tabellen ${missing.join(", ")} – Migrationen nicht angewendet?`);

  const position = new Map<string, number>(BACKUP_TABLES.map((t, i) => [t, i]));
  return BACKUP_TABLES.map((name) => {
    const own = columns.filter((c) => c.table_name === name);
    const nullable = new Set(own.filter((c) => c.is_nullable === "YES").map((c) => c.column_name));
    const deferred = foreignKeys
      .filter((fk) => fk.table_name === name && (position.get(fk.ref_table) ?? -1) >= position.get(name)!)
      .flatMap((fk) => fk.cols);
    const notNullable = deferred.filter((c) => !nullable.has(c));
    if (notNullable.length) {
      throw new BackupError(
        `${name}.${notNullable.join(", ")} verweist auf eine spätere Tabelle und darf nicht NULL sein – Reihenfolge in BACKUP_TABLES prüfen.`,
      );
    }
    return {
      name,
      columns: own.filter((c) => c.is_generated !== "ALWAYS").map((c) => c.column_name),
      primaryKey: keys.filter((k) => k.table_name === name).map((k) => k.column_name),
      hasBytes: own.some((c) => c.data_type === "bytea"),
      deferred: [...new Set(deferred)],
      sequenced: own.filter((c) => c.is_identity === "YES" || (c.column_default ?? "").startsWith("nextval(")).map((c) => c.column_name),
    };
  });
}

/** Applied migrations (drizzle's own table) and the tag of the last one in drizzle/meta/_journal.json. */
export async function appliedMigrations(db: Db, journalTags: string[]): Promise<{ count: number; lastTag: string | null }> {
  const [row] = await rows<{ n: number | string }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const count = Number(row?.n ?? 0);
  return { count, lastTag: journalTags[count - 1] ?? null };
}
