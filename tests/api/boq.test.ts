import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { createWorld } from "../helpers/world";
import { boqAnalyses, projectFiles, projects, users } from "../../src/server/db/schema";
import type { Db } from "../../src/server/db/client";
import { openDatabase } from "../../src/server/db/client";
import { loadConfig } from "../../src/server/config";
import { analyseStoredFile } from "../../src/server/boq/store";
import { queueBoqAnalysis, startBoqWorker } from "../../src/server/boq/worker";
import { packagePrice, KALKULATIONSPAKET, AUSFUEHRUNGSPAKET } from "../../src/common/prices";
import { boqViewSchema } from "../../src/common/schemas/boq-view";

const SAMPLES = join(import.meta.dirname, "../../src/server/tender/fixtures");
const sample = (name: string) => readFileSync(join(SAMPLES, name));
const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;

/** Stores a project with an input file directly (the upload route has its own tests). */
async function projectWithFile(db: Db, companyId: number | null, createdBy: number, fileName: string, data: Buffer) {
  const [p] = await db
    .insert(projects)
    .values({ name: `LV ${fileName}`, companyId, createdBy, status: "Neu" })
    .returning();
  const [f] = await db
    .insert(projectFiles)
    .values({
      projectId: p.id,
      kind: "input",
      fileName,
      extension: fileName.split(".").pop()!,
      mimeType: "application/xml",
      size: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
      data,
    })
    .returning();
  await db.update(projects).set({ inputFileId: f.id }).where(eq(projects.id, p.id));
  return { projectId: p.id, fileId: f.id };
}

let ctx: TestContext;
let companyA: number;
let superAdmin: TestUser;
let adminA: TestUser;
let userA: TestUser;
let userB: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ companyA, superAdmin, adminA, userA, userB } = await createWorld(ctx, ["Alpha Bau", "Beta Bau"]));
});
afterAll(() => ctx.close());

/** The answer has the shape the client's types come from (the route sends it pre-serialized, unchecked). */
const expectBoqView = (body: unknown) => expect(boqViewSchema.safeParse(body).error?.issues ?? []).toEqual([]);

describe("GET /api/projects/:id/boq", () => {
  it("is pending until the reader ran, then returns positions, counts and both package prices", async () => {
    const { projectId, fileId } = await projectWithFile(ctx.db, companyA, adminA.id, "boq.x83", sample("boq.x83"));
    await queueBoqAnalysis(ctx.db, { projectId, fileId });
    const pending = await ctx.request("GET", `/api/projects/${projectId}/boq`, { user: userA });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().status).toBe("pending");
    expectBoqView(pending.json());

    await analyseStoredFile(ctx.db, fileId);
    const res = await ctx.request("GET", `/api/projects/${projectId}/boq`, { user: userA });
    const body = res.json();
    expect(body.status).toBe("done");
    expect(body.phase).toBe(83);
    const items = body.positions.filter((p: { kind: string }) => p.kind === "item");
    expect(items.length).toBe(body.counts.items);
    expect(items.map((p: { oz: string }) => p.oz)).toContain("01.02.0010");
    const first = items.find((p: { oz: string }) => p.oz === "01.02.0010");
    expect(first).toMatchObject({ qty: 100, unit: "m3" });
    expect(first.longText).toContain("Boden");
    const hourly = items.find((p: { kinds: string[] }) => p.kinds.includes("hourly"));
    expect(hourly.unit).toBe("Std");
    expect(body.chargeablePositions).toBeGreaterThan(0);
    expect(body.prices).toEqual({
      kalkulationspaket: packagePrice(KALKULATIONSPAKET, body.chargeablePositions),
      ausfuehrungspaket: packagePrice(AUSFUEHRUNGSPAKET, body.chargeablePositions),
    });
    expect(body.findings.length).toBeGreaterThan(0);
    expectBoqView(body);
    expect(JSON.stringify(body)).not.toContain('"data"');
  });

  it("sends a large LV gzip-compressed to clients that accept it, the same JSON otherwise", async () => {
    const { projectId, fileId } = await projectWithFile(ctx.db, companyA, adminA.id, "boq-gzip.x83", sample("boq.x83"));
    await analyseStoredFile(ctx.db, fileId);
    const plain = await ctx.request("GET", `/api/projects/${projectId}/boq`, { user: userA });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toContain("application/json");
    expect(plain.body.length).toBeGreaterThan(8_192);
    const zipped = await ctx.request("GET", `/api/projects/${projectId}/boq`, {
      user: userA,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toContain("Accept-Encoding");
    expect(zipped.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString("utf8"))).toEqual(plain.json());
  });

  it("has the project's access rules: another company is a 404, visitors a 401", async () => {
    const { projectId, fileId } = await projectWithFile(ctx.db, companyA, adminA.id, "priced.x84", sample("priced.x84"));
    await analyseStoredFile(ctx.db, fileId);
    for (const u of [superAdmin, adminA, userA])
      expect((await ctx.request("GET", `/api/projects/${projectId}/boq`, { user: u })).statusCode).toBe(200);
    expect((await ctx.request("GET", `/api/projects/${projectId}/boq`, { user: userB })).statusCode).toBe(404);
    expect((await ctx.request("GET", `/api/projects/${projectId}/boq`)).statusCode).toBe(401);
    const priced = (await ctx.request("GET", `/api/projects/${projectId}/boq`, { user: userA })).json();
    expectBoqView(priced);
    expectBoqView((await ctx.request("GET", `/api/projects/${projectId}/boq`, { user: superAdmin })).json());
    expect(priced.phase).toBe(84);
    expect(priced.totals.total).toBeGreaterThan(0);
  });

  it("reports a GAEB phase it does not read as unsupported with a message, and broken XML as failed", async () => {
    const d89 = Buffer.from("00        89L                                                                 01\r\n", "latin1");
    const old = await projectWithFile(ctx.db, companyA, adminA.id, "rechnung.d89", d89);
    await analyseStoredFile(ctx.db, old.fileId);
    const body = (await ctx.request("GET", `/api/projects/${old.projectId}/boq`, { user: userA })).json();
    expect(body.status).toBe("unsupported");
    expect(body.error).toContain("Unterstützt werden die Phasen 81 bis 86");
    expect(body.error).toContain("(Gefunden: Phase 89)");
    const broken = await projectWithFile(ctx.db, companyA, adminA.id, "kaputt.x83", Buffer.from("<GAEB><Award><BoQ>"));
    await analyseStoredFile(ctx.db, broken.fileId);
    expect((await ctx.request("GET", `/api/projects/${broken.projectId}/boq`, { user: userA })).json().status).toBe("failed");
  });

  it("a project without an input file has no LV (404)", async () => {
    const [p] = await ctx.db.insert(projects).values({ name: "Leer", companyId: companyA, createdBy: adminA.id }).returning();
    expect((await ctx.request("GET", `/api/projects/${p.id}/boq`, { user: userA })).statusCode).toBe(404);
  });
});

describe("POST /api/projects/:id/evaluation-draft", () => {
  it("renders escaped, printable German HTML for super admins only", async () => {
    const evil = sample("boq.x83")
      .toString("utf8")
      .replace("Bedarfsposition Fundament", "Bedarfsposition &lt;script&gt;alert(1)&lt;/script&gt; Fundament");
    const { projectId, fileId } = await projectWithFile(ctx.db, companyA, adminA.id, "boq.x83", Buffer.from(evil));
    expect((await ctx.request("POST", `/api/projects/${projectId}/evaluation-draft`, { user: superAdmin })).statusCode).toBe(409);
    await analyseStoredFile(ctx.db, fileId);
    for (const u of [adminA, userA])
      expect((await ctx.request("POST", `/api/projects/${projectId}/evaluation-draft`, { user: u })).statusCode).toBe(403);
    const res = await ctx.request("POST", `/api/projects/${projectId}/evaluation-draft`, { user: superAdmin });
    expect(res.statusCode).toBe(200);
    const { html } = res.json();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("LV-Auswertung");
    expect(html).toContain("Befunde je Position");
    // Package prices belong where an order is placed, not in the customer's evaluation (issue 27).
    expect(html).not.toMatch(/Kalkulationspaket|Ausführungspaket/);
    expect(html).toContain("Umfang des LV");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
  });
});

describe("background reading", () => {
  it("a queued reading survives a restart and is done by the worker after it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bauklar-boq-"));
    try {
      let database = await openDatabase({ dataDir: dir });
      const [u] = await database.db
        .insert(users)
        .values({ username: "w", email: "w@x.de", passwordHash: "-", role: "super_admin" })
        .returning();
      const { projectId, fileId } = await projectWithFile(database.db, null, u.id, "markup.x83", sample("markup.x83"));
      await queueBoqAnalysis(database.db, { projectId, fileId });
      await database.close(); // the process stops before the job ran

      database = await openDatabase({ dataDir: dir });
      const worker = startBoqWorker({ db: database.db, database, config: loadConfig({}) }, silent, { pollMs: 50 });
      const deadline = Date.now() + 20_000;
      let status = "pending";
      while (status === "pending" && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        [{ status }] = await database.db.select({ status: boqAnalyses.status }).from(boqAnalyses).where(eq(boqAnalyses.fileId, fileId));
      }
      await worker.stop();
      await database.close();
      expect(status).toBe("done");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
