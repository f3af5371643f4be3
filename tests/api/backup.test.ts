// Backup and restore (src/server/backup): a full round trip into a new database compares every
// table row by row, file bytes by sha256 and the sequences; a non-empty target, a cut-off or damaged
// file and a backup of a newer schema are refused without changing anything. On PostgreSQL the
// backup also travels PostgreSQL → PGlite → PostgreSQL.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { openDatabase, rows, type Database, type Db } from "../../src/server/db/client";
import {
  boqAnalyses,
  boqPositions,
  chatbotConversations,
  chatbotKnowledgeBase,
  chatbotMessages,
  companyLogos,
  contactMessages,
  users,
} from "../../src/server/db/schema";
import { enqueue } from "../../src/server/jobs/queue";
import { writeBackup } from "../../src/server/backup/backup";
import { restoreBackup } from "../../src/server/backup/restore";
import { BACKUP_TABLES, describeTables } from "../../src/server/backup/tables";
import { createTestApp, PASSWORD, type TestContext, type TestUser } from "../helpers/app";
import { createTestDatabase, onPostgres, type TestDatabase } from "../helpers/database";
import { createProject, multipart, uploadHtml, uploadInput } from "./projects.helpers";

const MB = 1024 * 1024;
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

let ctx: TestContext;
let dir: string;
let backupFile: string;
let target: Database;
let admin: TestUser;
let projectId: number;
const uploaded: Buffer[] = [];
const opened: { close(): Promise<void> }[] = [];

/** A new, migrated and empty database of the driver under test (no first-start seed). */
async function emptyDatabase(): Promise<Database> {
  const t: TestDatabase = await createTestDatabase();
  opened.push({ close: t.drop });
  return t.database;
}

/** Every table as text, row by row in key order (timestamps in UTC, generated columns left out). */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const out: Record<string, string[]> = {};
    for (const t of await describeTables(tx)) {
      const cols = sql.join(
        t.columns.map((c) => sql.identifier(c)),
        sql`, `,
      );
      const keys = sql.join(
        t.primaryKey.map((c) => sql.identifier(c)),
        sql`, `,
      );
      const data = await rows<{ j: string }>(
        tx,
        sql`select row_to_json(x)::text as j from (select ${cols} from ${sql.identifier(t.name)} order by ${keys}) x`,
      );
      out[t.name] = data.map((r) =>
        t.hasBytes ? r.j.replace(/\\\\x[0-9a-f]+/g, (hex) => `sha256:${sha256(Buffer.from(hex.slice(3), "hex"))}`) : r.j,
      );
    }
    return out;
  });
}

const counts = (s: Record<string, string[]>) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.length]));

async function fileHashes(db: Db): Promise<string[]> {
  const r = await rows<{ h: string; sha256: string }>(
    db,
    sql`select encode(sha256(data), 'hex') as h, sha256 from project_files order by id`,
  );
  for (const f of r) expect(f.h).toBe(f.sha256);
  return r.map((f) => f.h);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bauklar-backup-"));
  backupFile = join(dir, "sicherung.ndjson.gz");
  ctx = await createTestApp();
  const companyId = await ctx.createCompany("Hochbau Süd GmbH & Co. KG");
  admin = await ctx.createUser("company_admin", companyId);
  await ctx.createUser("user", companyId, "Jörg.Müller");
  const superAdmin = await ctx.createUser("super_admin", null);

  // A project whose input is random bytes (1 MB), a second input version and an evaluation.
  uploaded.push(randomBytes(MB));
  projectId = await createProject(
    ctx,
    admin,
    { name: 'Sanierung "Altbau" – Fenster\\Türen', description: "Zeile 1\nZeile 2 ✓ 😀 ß", costCenter: "KST-4711" },
    { field: "file", name: "LV Ä.x83", type: "application/xml", data: uploaded[0] },
  );
  uploaded.push(randomBytes(MB / 2 + 17));
  expect((await uploadInput(ctx, admin, projectId, uploaded[1], "LV-2.bin")).statusCode).toBe(200);
  expect((await uploadHtml(ctx, superAdmin, projectId)).statusCode).toBe(200);
  const status = await ctx.request("PUT", `/api/projects/${projectId}`, { user: superAdmin, body: { status: "Abgeschlossen" } });
  expect(status.statusCode).toBe(200);

  const db = ctx.db;
  await db.insert(companyLogos).values({ companyId, mimeType: "image/png", data: randomBytes(50_000) });
  const [file] = await rows<{ id: number }>(db, sql`select input_file_id as id from projects where id = ${projectId}`);
  const [analysis] = await db
    .insert(boqAnalyses)
    .values({
      projectId,
      fileId: file.id,
      status: "done",
      format: "X83",
      summary: { positions: 2, totals: { net: 1234.5 }, findings: ["Öffnungszeiten", '"Zitat"'] },
    })
    // The upload may already have queued its reading (input-file hook).
    .onConflictDoUpdate({ target: boqAnalyses.fileId, set: { status: "done", format: "X83", summary: sql`excluded.summary` } })
    .returning({ id: boqAnalyses.id });
  await db.insert(boqPositions).values([
    {
      analysisId: analysis.id,
      seq: 1,
      kind: "item",
      oz: "01.0010",
      shortText: "Beton C25/30",
      qty: 12.345,
      unit: "m³",
      unitPrice: 98.1,
      total: 1211.06,
      kinds: ["normal", "mit,komma", 'mit"quote'],
      details: { nested: { a: [1, null, "x"] } },
    },
    { analysisId: analysis.id, seq: 2, kind: "item", oz: "01.0020", shortText: null, qty: null, kinds: [], details: null },
  ]);
  await enqueue(db, "backup.test", { projectId, note: "Grüße" });
  await db.insert(chatbotKnowledgeBase).values({
    chatbotType: "legal",
    slug: "backup-test",
    title: "Abnahme nach VOB/B",
    content: "Die Abnahme (§ 12 VOB/B) ist die Billigung des Werks als im Wesentlichen vertragsgemäß.",
    tags: ["VOB/B", "Abnahme"],
    sources: ["§ 12 VOB/B"],
  });
  const [conversation] = await db
    .insert(chatbotConversations)
    .values({ userId: admin.id, chatbotType: "construction", title: "Frostschutz" })
    .returning({ id: chatbotConversations.id });
  await db.insert(chatbotMessages).values([
    { conversationId: conversation.id, role: "user", content: "Ab welcher Temperatur?" },
    { conversationId: conversation.id, role: "assistant", content: "Unter +5 °C …" },
  ]);
  await db.insert(contactMessages).values({ name: "Anna Bauer", email: "anna@example.de", message: "Bitte um Rückruf", company: null });
  const logout = await ctx.request("POST", "/api/logout", { user: await ctx.createUser("user", companyId) });
  expect(logout.statusCode).toBe(200);
});

afterAll(async () => {
  for (const o of opened.reverse()) await o.close().catch(() => {});
  await ctx?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("covers every table of the schema", async () => {
    const tables = await describeTables(ctx.db);
    expect(tables.map((t) => t.name)).toEqual([...BACKUP_TABLES]);
    const kb = tables.find((t) => t.name === "chatbot_knowledge_base")!;
    expect(kb.columns).not.toContain("search_vector");
    expect(tables.find((t) => t.name === "projects")!.deferred.sort()).toEqual(["input_file_id", "output_file_id"]);
  });

  it("writes one header line, a line per row and an end line", async () => {
    const before = await snapshot(ctx.db);
    const summary = await writeBackup(ctx.testDb.database, backupFile);
    expect(summary.counts).toEqual(counts(before));
    const lines = gunzipSync(readFileSync(backupFile)).toString("utf8").trimEnd().split("\n");
    expect(lines.length).toBe(Object.values(summary.counts).reduce((a, b) => a + b, 0) + 2);
    const header = JSON.parse(lines[0]);
    // The header names the migrations the database has: every entry of the committed journal.
    const journal = JSON.parse(readFileSync(join(import.meta.dirname, "../../drizzle/meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    expect(header).toMatchObject({
      format: "bauklar-backup",
      version: 1,
      migrations: { count: journal.entries.length, lastTag: journal.entries.at(-1)!.tag },
    });
    expect(Date.parse(header.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.parse(lines[1])).toMatchObject({ table: "companies", row: { id: 1, name: "Hochbau Süd GmbH & Co. KG" } });
    expect(JSON.parse(lines[lines.length - 1])).toEqual({ end: true, counts: counts(before) });
  });

  it("a cut-off, damaged or foreign file restores nothing", async () => {
    const lines = gunzipSync(readFileSync(backupFile)).toString("utf8").trimEnd().split("\n");
    const cut = join(dir, "abgeschnitten.ndjson.gz");
    writeFileSync(cut, gzipSync(lines.slice(0, -1).join("\n") + "\n"));
    const broken = join(dir, "kaputt.ndjson.gz");
    const gz = readFileSync(backupFile);
    writeFileSync(broken, gz.subarray(0, Math.floor(gz.length / 2)));
    const foreign = join(dir, "fremd.ndjson.gz");
    writeFileSync(foreign, gzipSync('{"hello":"world"}\n'));
    const newer = join(dir, "neuer.ndjson.gz");
    const header = JSON.parse(lines[0]);
    writeFileSync(
      newer,
      gzipSync([JSON.stringify({ ...header, migrations: { count: 99, lastTag: "0098_zukunft" } }), ...lines.slice(1)].join("\n")),
    );

    const damaged = join(dir, "zeile-kaputt.ndjson.gz");
    writeFileSync(damaged, gzipSync([lines[0], lines[1].replace('"name":', '"name"'), ...lines.slice(2)].join("\n") + "\n"));

    target = await emptyDatabase();
    await expect(restoreBackup(target, damaged)).rejects.toThrow(/^Tabelle companies: .*json.* – es wurde nichts wiederhergestellt\.$/);
    await expect(restoreBackup(target, cut)).rejects.toThrow(
      "Die Sicherung ist unvollständig (das Dateiende fehlt) – es wurde nichts wiederhergestellt.",
    );
    await expect(restoreBackup(target, broken)).rejects.toThrow(/Die Sicherung kann nicht gelesen werden/);
    await expect(restoreBackup(target, foreign)).rejects.toThrow("Die Datei ist keine bauklar-Sicherung.");
    await expect(restoreBackup(target, newer)).rejects.toThrow(/neueren bauklar-Version \(Migration 0098_zukunft/);
    const left = await snapshot(target.db);
    expect(Object.values(left).every((r) => r.length === 0)).toBe(true);
  });

  it("round trip: every row, byte-exact files, and new rows get fresh ids", async () => {
    const before = await snapshot(ctx.db);
    expect(before.project_files.length).toBe(5); // demo input + output, two inputs, one evaluation
    // Into the database the failed restores above left empty.
    const restored = await restoreBackup(target, backupFile);
    expect(restored.counts).toEqual(Object.fromEntries(Object.entries(counts(before)).filter(([, n]) => n > 0)));
    const after = await snapshot(target.db);
    expect(counts(after)).toEqual(counts(before));
    expect(after).toEqual(before);

    // The uploaded bytes themselves, and the generated full-text column was rebuilt.
    const hashes = await fileHashes(target.db);
    for (const b of uploaded) expect(hashes).toContain(sha256(b));
    const [kb] = await rows<{ n: number }>(
      target.db,
      sql`select count(*)::int as n from chatbot_knowledge_base where slug = 'backup-test' and search_vector @@ to_tsquery('german', 'Abnahme')`,
    );
    expect(kb.n).toBe(1);

    // The restored product works: old sessions and passwords are valid, downloads are exact, new ids continue.
    const app = await buildApp({ db: target.db, database: target, config: ctx.config }, { logger: false });
    try {
      const me = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: admin.cookie } });
      expect(me.statusCode).toBe(200);
      const login = await app.inject({ method: "POST", url: "/api/login", payload: { username: "Jörg.Müller", password: PASSWORD } });
      expect(login.statusCode).toBe(200);
      const download = await app.inject({
        method: "GET",
        url: `/api/projects/${projectId}/download-input`,
        headers: { cookie: admin.cookie },
      });
      expect(download.statusCode).toBe(200);
      expect(sha256(download.rawPayload)).toBe(sha256(uploaded[1]));
      const { body, headers } = multipart({ name: "Nach der Wiederherstellung" }, [
        { field: "file", name: "neu.x83", data: randomBytes(1000) },
      ]);
      const created = await app.inject({
        method: "POST",
        url: "/api/projects",
        headers: { ...headers, cookie: admin.cookie },
        payload: body,
      });
      expect(created.statusCode).toBe(201);
      const maxBefore = Math.max(...before.projects.map((p) => JSON.parse(p).id as number));
      expect(created.json().id).toBe(maxBefore + 1);
      const [fileIds] = await rows<{ max: number; input: number }>(
        target.db,
        sql`select (select max(id) from project_files where id < (select input_file_id from projects where id = ${created.json().id})) as max, (select input_file_id from projects where id = ${created.json().id}) as input`,
      );
      expect(fileIds.input).toBe(fileIds.max + 1);
      const [session] = await rows<{ id: string }>(target.db, sql`select max(id)::text as id from sessions`);
      expect(BigInt(session.id)).toBeGreaterThan(BigInt(Math.max(...before.sessions.map((s) => JSON.parse(s).id as number))));
    } finally {
      await app.close();
    }
  });

  it("refuses a database that is not empty and changes nothing", async () => {
    const before = await snapshot(ctx.db);
    await expect(restoreBackup(ctx.testDb.database, backupFile)).rejects.toThrow(
      /^Die Zieldatenbank ist nicht leer \(Daten in: companies, company_logos, users, sessions, .*\)\. Wiederhergestellt wird nur in eine leere Datenbank/,
    );
    expect(await snapshot(ctx.db)).toEqual(before);
  });

  it("--replace swaps the whole content of a used database in one step", async () => {
    // The target now holds the restored rows plus the project created after the restore.
    await target.db.insert(users).values({ username: "anderer", email: "anderer@example.de", passwordHash: "x" });
    await restoreBackup(target, backupFile, { replace: true });
    const got = await snapshot(target.db);
    expect(got).toEqual(await snapshot(ctx.db));
    expect(got.users.some((u) => u.includes('"anderer"'))).toBe(false);
  });

  it("never overwrites an existing backup file", async () => {
    await expect(writeBackup(ctx.testDb.database, backupFile)).rejects.toThrow(/existiert bereits/);
  });

  it.runIf(onPostgres())(
    "travels PostgreSQL → PGlite → PostgreSQL unchanged",
    async () => {
      const pglite = await openDatabase({ dataDir: "memory://" });
      opened.push(pglite);
      await restoreBackup(pglite, backupFile);
      const viaPglite = join(dir, "ueber-pglite.ndjson.gz");
      await writeBackup(pglite, viaPglite);
      const pg = await emptyDatabase();
      await restoreBackup(pg, viaPglite);
      const expected = await snapshot(ctx.db);
      expect(await snapshot(pglite.db)).toEqual(expected);
      expect(await snapshot(pg.db)).toEqual(expected);
      expect(await fileHashes(pg.db)).toEqual(await fileHashes(ctx.db));
    },
    60_000,
  ); // opening an in-memory PGlite alone takes seconds
});
