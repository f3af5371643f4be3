// Builds the real app on a fresh database and offers helpers to sign in as each kind of user.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { eq } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { loadConfig, type Config } from "../../src/server/config";
import type { Db } from "../../src/server/db/client";
import { companies, users } from "../../src/server/db/schema";
import { hashPassword } from "../../src/server/auth/passwords";
import { firstStart } from "../../src/server/seed/first-start";
import type { Role } from "../../src/common/roles";
import { createTestDatabase, type TestDatabase } from "./database";

export const PASSWORD = "Sicher!Passwort1";

export interface TestUser {
  id: number;
  username: string;
  role: Role;
  companyId: number | null;
  cookie: string;
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  testDb: TestDatabase;
  close(): Promise<void>;
  createCompany(name?: string, extra?: Partial<typeof companies.$inferInsert>): Promise<number>;
  createUser(role: Role, companyId: number | null, name?: string): Promise<TestUser>;
  login(username: string, password?: string): Promise<string>;
  request(
    method: string,
    url: string,
    opts?: { user?: TestUser | null; cookie?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

let counter = 0;

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const testDb = await createTestDatabase();
  const db = testDb.database.db;
  // Rate limits are off by default (tests sign in often); the rate-limit tests turn them on.
  const config: Config = {
    ...loadConfig({ PUBLIC_ORIGIN: "http://localhost:3000", LOG_LEVEL: "error" }),
    clientDir: "/nonexistent",
    rateLimit: false,
    ...overrides,
  };
  const app = await buildApp({ db, database: testDb.database, config }, { logger: false });
  const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyInstance["log"];
  await firstStart(db, config, silent);

  const ctx: TestContext = {
    app,
    db,
    config,
    testDb,
    async close() {
      await app.close();
      await testDb.drop();
    },
    async createCompany(name = `Firma ${++counter}`, extra = {}) {
      const [c] = await db
        .insert(companies)
        .values({ name, address: "Hauptstraße 1, 35510 Butzbach", contactEmail: `info${counter}@firma.de`, ...extra })
        .returning({ id: companies.id });
      return c.id;
    },
    async createUser(role, companyId, name) {
      const username = name ?? `${role}_${++counter}`;
      const [u] = await db
        .insert(users)
        .values({
          username,
          email: `${username}@example.de`,
          passwordHash: await hashPassword(PASSWORD),
          role,
          companyId,
          firstName: "Vor",
          lastName: "Name",
        })
        .returning({ id: users.id });
      const cookie = await ctx.login(username);
      return { id: u.id, username, role, companyId, cookie };
    },
    async login(username, password = PASSWORD) {
      const res = await app.inject({ method: "POST", url: "/api/login", payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return sessionCookie(res);
    },
    request(method, url, opts = {}) {
      const cookie = opts.cookie ?? opts.user?.cookie;
      return app.inject({
        method: method as "GET",
        url,
        headers: { ...(cookie ? { cookie } : {}), ...(opts.headers ?? {}) },
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      });
    },
  };
  return ctx;
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === "bauklar_sid");
  if (!c) throw new Error("no session cookie");
  return `bauklar_sid=${c.value}`;
}

export async function userRow(db: Db, id: number) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}
