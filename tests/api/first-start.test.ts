import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { openDatabase, type Database } from "../../src/server/db/client";
import { projectFiles, projects, registrationLinks, users } from "../../src/server/db/schema";
import { loadConfig } from "../../src/server/config";
import { firstStart } from "../../src/server/seed/first-start";
import { createPostgresDatabase, onPostgres } from "../helpers/database";

const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Opens the same database twice in a row, as two starts of the product would. */
async function persistentDatabase(): Promise<() => Promise<Database>> {
  if (onPostgres()) {
    const pg = await createPostgresDatabase();
    cleanups.push(pg.drop);
    return () => openDatabase({ databaseUrl: pg.url });
  }
  const dir = mkdtempSync(join(tmpdir(), "bauklar-restart-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return () => openDatabase({ dataDir: dir });
}

describe("first start", () => {
  it("without any super admin, creates one invitation link for a super admin and reuses it", async () => {
    const open = await persistentDatabase();
    const config = loadConfig({ PUBLIC_ORIGIN: "https://bauklar.example" });
    let database = await open();
    const first = await firstStart(database.db, config, silent);
    expect(first.adminInvitationUrl).toMatch(/^https:\/\/bauklar\.example\/auth\?token=[A-Za-z0-9_-]{40,}$/);
    await database.close();
    database = await open();
    const second = await firstStart(database.db, config, silent);
    expect(second.adminInvitationUrl).toBe(first.adminInvitationUrl);
    const links = await database.db.select().from(registrationLinks).where(eq(registrationLinks.role, "super_admin"));
    expect(links).toHaveLength(1);
    await database.close();
  });

  it("with ADMIN_* creates that super admin once, and then prints no invitation", async () => {
    const open = await persistentDatabase();
    const config = loadConfig({ ADMIN_USERNAME: "chef", ADMIN_PASSWORD: "Chef!Passwort1", ADMIN_EMAIL: "chef@bauklar.de" });
    const database = await open();
    expect((await firstStart(database.db, config, silent)).adminInvitationUrl).toBeNull();
    await firstStart(database.db, config, silent);
    const admins = await database.db.select().from(users).where(eq(users.role, "super_admin"));
    expect(admins.map((a) => [a.username, a.email])).toEqual([["chef", "chef@bauklar.de"]]);
    await database.close();
  });

  it("the demo project 1 exists with its sample tender and evaluation, and new projects get later ids", async () => {
    const open = await persistentDatabase();
    const database = await open();
    await firstStart(database.db, loadConfig({}), silent);
    const [demo] = await database.db.select().from(projects).where(eq(projects.id, 1));
    expect(demo.name).toMatch(/Demo/);
    const files = await database.db
      .select({ kind: projectFiles.kind, size: projectFiles.size, name: projectFiles.fileName })
      .from(projectFiles)
      .where(eq(projectFiles.projectId, 1));
    expect(files.map((f) => f.kind).sort()).toEqual(["input", "output"]);
    expect(files.every((f) => f.size > 500)).toBe(true);
    const [admin] = await database.db
      .insert(users)
      .values({ username: "x", email: "x@x.de", passwordHash: "-", role: "super_admin" })
      .returning();
    const [next] = await database.db.insert(projects).values({ name: "Zweites", createdBy: admin.id }).returning();
    expect(next.id).toBeGreaterThan(1);
    await database.close();
  });
});

describe("restart", () => {
  it("keeps users, sessions and projects across a restart", async () => {
    const open = await persistentDatabase();
    let database = await open();
    await firstStart(database.db, loadConfig({}), silent);
    const [u] = await database.db
      .insert(users)
      .values({ username: "bleibt", email: "bleibt@x.de", passwordHash: "-", role: "user" })
      .returning();
    await database.db.insert(projects).values({ name: "Rathaus Butzbach", createdBy: u.id });
    await database.close();
    database = await open();
    const [again] = await database.db.select().from(users).where(eq(users.username, "bleibt"));
    expect(again.id).toBe(u.id);
    const names = (await database.db.select({ name: projects.name }).from(projects)).map((p) => p.name);
    expect(names).toContain("Rathaus Butzbach");
    await database.close();
  });
});
