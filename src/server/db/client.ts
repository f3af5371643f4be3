// Opens the database: PostgreSQL through `pg` when DATABASE_URL is set, otherwise embedded PGlite
// under DATA_DIR. One schema and one set of migrations serve both.
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** For queries that run alone or as part of a caller's transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  close(): Promise<void>;
}

/** drizzle/ lives at the repository root, both for src/ (tsx, vitest) and for dist/server. */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, "../../../drizzle"), resolve(here, "../../drizzle"), resolve(process.cwd(), "drizzle")];
  return candidates.find((c) => existsSync(join(c, "meta", "_journal.json"))) ?? candidates[2];
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; "memory://" for an in-memory database. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (opts.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // A silent network drop must fail a request within seconds, not hang until TCP gives up.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, connectionTimeoutMillis: 5000 });
    // An idle client's error (e.g. the server restarting) must not crash the process.
    pool.on("error", () => {});
    const db: Db = drizzle(pool, { schema });
    // Several instances may start at once: one migrates, the others wait on the lock.
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock(746210001)");
      await migrate(drizzle(lockClient, { schema }), { migrationsFolder: folder });
    } finally {
      await lockClient.query("select pg_advisory_unlock(746210001)").catch(() => {});
      lockClient.release();
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dataDir = opts.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir.startsWith("memory://") ? undefined : join(dataDir, "pglite"), {
    extensions: { pg_trgm },
  });
  const db: Db = drizzle(client, { schema });
  await migrate(drizzle(client, { schema }), { migrationsFolder: folder });
  return { db, kind: "pglite", close: () => client.close() };
}

/** Rows of a raw query on either driver (both results carry `rows`). */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as { rows: T[] };
  return res.rows;
}
