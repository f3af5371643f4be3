// Each test file gets its own fresh database: in-memory PGlite, or a newly created PostgreSQL
// database on TEST_DATABASE_URL (TEST_DB=postgres) that is dropped afterwards.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../src/server/db/client";

export const onPostgres = () => process.env.TEST_DB === "postgres";

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

function adminUrl() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  return url;
}

/** Creates an empty PostgreSQL database and returns its URL (for tests that start servers). */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bauklar_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!onPostgres()) {
    const database = await openDatabase({ dataDir: "memory://" });
    return { database, drop: () => database.close() };
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: created.url, poolSize: 20 });
  return {
    database,
    url: created.url,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}
