// The reading queue as users and super admins see it: a job queued with every acknowledged
// upload, companies read in turns and the place in the queue on the LV tab, a stale worker's
// result never written, pending analyses without a job swept up, the super admin's list of
// stuck and failed readings with "erneut einlesen", and uploads refused (507) on a full disk.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { createWorld, multipart, uploadInput, countRows, type World } from "./projects.helpers";
import { onPostgres } from "../helpers/database";
import { rows, type Db } from "../../src/server/db/client";
import { boqAnalyses, boqPositions, jobs } from "../../src/server/db/schema";
import { claimJob, LeaseLost } from "../../src/server/jobs/queue";
import { analyseStoredFile } from "../../src/server/boq/store";
import { BOQ_QUEUE, startBoqWorker, sweepUnqueuedAnalyses } from "../../src/server/boq/worker";
import { DISK_FULL } from "../../src/server/ops/disk";

const SAMPLE = readFileSync(join(import.meta.dirname, "../../src/server/tender/fixtures/minimal.x83"));
const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;
let ctx: TestContext;
let w: World;
let adminC: TestUser;
let userC: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorld(ctx);
  const companyC = await ctx.createCompany("Gamma Bau KG");
  adminC = await ctx.createUser("company_admin", companyC);
  userC = await ctx.createUser("user", companyC);
});
afterAll(() => ctx?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function upload(user: TestUser, name: string): Promise<{ projectId: number; fileId: number }> {
  const { body, headers } = multipart({ name }, [{ field: "file", name: `${name}.x83`, type: "application/xml", data: SAMPLE }]);
  const res = await ctx.request("POST", "/api/projects", { user, body, headers });
  expect(res.statusCode).toBe(201);
  const projectId = res.json().id as number;
  const [p] = await rows<{ input_file_id: number }>(ctx.db, sql`select input_file_id from projects where id = ${projectId}`);
  return { projectId, fileId: p.input_file_id };
}
const boq = (user: TestUser, projectId: number) => ctx.request("GET", `/api/projects/${projectId}/boq`, { user });
const clearQueue = () => ctx.db.execute(sql`update jobs set status = 'done' where status in ('pending', 'running')`);

describe("the reading queue seen from the LV tab", () => {
  it("every upload queues its reading at once; companies are read in turns and each file shows the files before it", async () => {
    await clearQueue();
    const a = [];
    for (let i = 1; i <= 4; i++) a.push(await upload(w.adminA, `Alpha ${i}`));
    const b = await upload(w.adminB, "Beta 1");
    const c = await upload(adminC, "Gamma 1");
    for (const f of [...a, b, c]) {
      const [job] = await rows<{ status: string; group_key: string }>(
        ctx.db,
        sql`select status, group_key from jobs where dedupe_key = ${`file:${f.fileId}`}`,
      );
      expect(job.status).toBe("pending");
    }

    // No reader ran yet: Beta waits behind Alpha's first file only, Gamma behind Alpha 1 and Beta,
    // Alpha's 4th behind Alpha 1–3, Beta and Gamma.
    const ahead = async (user: TestUser, projectId: number) => {
      const res = await boq(user, projectId);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe("pending");
      return res.json().queue as { reading: boolean; filesAhead: number; estimateSeconds: number | null };
    };
    expect(await ahead(w.userB, b.projectId)).toMatchObject({ reading: false, filesAhead: 1 });
    expect(await ahead(userC, c.projectId)).toMatchObject({ reading: false, filesAhead: 2 });
    expect(await ahead(w.userA, a[0].projectId)).toMatchObject({ reading: false, filesAhead: 0 });
    expect(await ahead(w.userA, a[3].projectId)).toMatchObject({ reading: false, filesAhead: 5 });
    // Another company's project stays hidden, queue or not.
    expect((await boq(w.userB, a[0].projectId)).statusCode).toBe(404);

    const worker = startBoqWorker({ db: ctx.db, database: ctx.testDb.database, config: ctx.config }, silent, { pollMs: 20 });
    try {
      const end = Date.now() + 60_000;
      while (
        (
          await rows<{ n: number }>(
            ctx.db,
            sql`select count(*)::int as n from jobs where queue = ${BOQ_QUEUE} and status in ('pending', 'running')`,
          )
        )[0].n > 0
      ) {
        if (Date.now() > end) throw new Error("queue not drained");
        await sleep(50);
      }
    } finally {
      await worker.stop();
    }
    const order = await rows<{ file: string }>(
      ctx.db,
      sql`select dedupe_key as file from jobs where queue = ${BOQ_QUEUE} and status = 'done' and finished_at is not null and lock_token is null and id >= (select min(id) from jobs where dedupe_key = ${`file:${a[0].fileId}`}) order by locked_at`,
    );
    expect(order.map((o) => o.file)).toEqual([a[0], b, c, a[1], a[2], a[3]].map((f) => `file:${f.fileId}`));
    const done = await boq(w.userB, b.projectId);
    expect(done.json().status).toBe("done");
    expect(done.json().queue).toBeUndefined();
    // With readings done, the estimate has a figure.
    const next = await upload(w.adminB, "Beta 2");
    expect((await boq(w.userB, next.projectId)).json().queue).toMatchObject({
      reading: false,
      filesAhead: 0,
      estimateSeconds: expect.any(Number),
    });
  }, 90_000);

  it("a worker that lost its lease writes nothing of its reading; the new holder's result counts", async () => {
    await clearQueue();
    const f = await upload(w.adminA, "Fencing");
    const stale = await claimJob(ctx.db, BOQ_QUEUE, 100);
    expect(stale?.payload).toMatchObject({ fileId: f.fileId });
    await sleep(200);
    const fresh = await claimJob(ctx.db, BOQ_QUEUE, 60_000);
    expect(fresh).toMatchObject({ id: stale!.id, takenOver: true });
    await expect(analyseStoredFile(ctx.db, f.fileId, undefined, { fence: stale!.finishIn })).rejects.toBeInstanceOf(LeaseLost);
    const [pending] = await ctx.db.select().from(boqAnalyses).where(eq(boqAnalyses.fileId, f.fileId));
    expect(pending.status).toBe("pending");
    expect(await ctx.db.select().from(boqPositions).where(eq(boqPositions.analysisId, pending.id))).toEqual([]);
    await analyseStoredFile(ctx.db, f.fileId, undefined, { fence: fresh!.finishIn });
    expect((await boq(w.userA, f.projectId)).json().status).toBe("done");
    expect((await ctx.db.select().from(jobs).where(eq(jobs.id, fresh!.id)))[0]).toMatchObject({ status: "done", takeovers: 1 });
  });

  it("a pending analysis without an open job (queued before 0009) is queued again by the sweeper", async () => {
    await clearQueue();
    const f = await upload(w.adminA, "Verwaist");
    await ctx.db.delete(jobs).where(eq(jobs.dedupeKey, `file:${f.fileId}`));
    expect(await sweepUnqueuedAnalyses(ctx.db)).toBeGreaterThanOrEqual(1);
    const [job] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `file:${f.fileId}`));
    expect(job).toMatchObject({ status: "pending", groupKey: `company:${w.companyA}` });
    expect(await sweepUnqueuedAnalyses(ctx.db)).toBe(0);
  });
});

describe("stuck and failed readings for the super admin", () => {
  it("lists failed and stalled readings with project, company and file; 'erneut einlesen' queues one again, audited", async () => {
    await clearQueue();
    const failed = await upload(w.adminA, "Kaputt");
    const stalled = await upload(w.adminB, "Hängt");
    const failedJob = (
      await ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `file:${failed.fileId}`))
    )[0];
    await ctx.db
      .update(jobs)
      .set({ status: "failed", attempts: 3, lastError: "tender reader stopped", finishedAt: new Date() })
      .where(eq(jobs.id, failedJob.id));
    await ctx.db
      .update(boqAnalyses)
      .set({ status: "failed", error: "Das Leistungsverzeichnis konnte nach mehreren Versuchen nicht gelesen werden." })
      .where(eq(boqAnalyses.fileId, failed.fileId));
    const claimedStalled = await claimJob(ctx.db, BOQ_QUEUE, 1);
    await sleep(20);

    for (const user of [w.adminA, w.userA, w.adminB]) {
      expect((await ctx.request("GET", "/api/admin/readings", { user })).statusCode).toBe(403);
      expect((await ctx.request("POST", `/api/admin/readings/${failedJob.id}/requeue`, { user })).statusCode).toBe(403);
    }
    const list = await ctx.request("GET", "/api/admin/readings", { user: w.superAdmin });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.queue).toMatchObject({ failed: 1, stalled: 1, running: 0 });
    const byJob = new Map(body.readings.map((r: { jobId: number }) => [r.jobId, r]));
    expect(byJob.get(failedJob.id)).toMatchObject({
      state: "failed",
      projectName: "Kaputt",
      companyName: "Hochbau Alpha GmbH",
      fileName: "Kaputt.x83",
      attempts: 3,
      lastError: "tender reader stopped",
    });
    expect(byJob.get(claimedStalled!.id)).toMatchObject({ state: "stalled", projectName: "Hängt", companyName: "Bau Beta AG" });
    expect(stalled.fileId).toBe(claimedStalled!.payload && (claimedStalled!.payload as { fileId: number }).fileId);

    const again = await ctx.request("POST", `/api/admin/readings/${failedJob.id}/requeue`, { user: w.superAdmin });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe("Die Datei wird erneut eingelesen.");
    expect((await ctx.db.select().from(jobs).where(eq(jobs.id, failedJob.id)))[0]).toMatchObject({
      status: "pending",
      attempts: 0,
      lastError: null,
    });
    expect((await boq(w.userA, failed.projectId)).json().status).toBe("pending");
    const [entry] = await rows<{ action: string; target_id: string }>(
      ctx.db,
      sql`select action, target_id from audit_log where action = 'analysis.requeue' order by id desc limit 1`,
    );
    expect(entry).toEqual({ action: "analysis.requeue", target_id: String(failedJob.id) });
    // Waiting already: nothing to requeue; an unknown job: 404.
    expect((await ctx.request("POST", `/api/admin/readings/${failedJob.id}/requeue`, { user: w.superAdmin })).statusCode).toBe(409);
    expect((await ctx.request("POST", "/api/admin/readings/987654/requeue", { user: w.superAdmin })).statusCode).toBe(404);
  });
});

describe("disk space", () => {
  it.runIf(!onPostgres())(
    "uploads get 507 with a German message and store nothing while the data directory is nearly full; /readyz and /metrics say so",
    async () => {
      const full = await createTestApp({ diskMinFreeBytes: Number.MAX_SAFE_INTEGER, metricsToken: "t".repeat(32) });
      try {
        const fw = await createWorld(full);
        const id = await (async () => {
          // A project created before the disk filled up (margin lifted for a moment).
          const saved = full.app.ops.disk;
          Object.assign(saved, { minFreeBytes: 0 });
          const { body, headers } = multipart({ name: "Vorher" }, [
            { field: "file", name: "LV.x83", type: "application/xml", data: SAMPLE },
          ]);
          const res = await full.request("POST", "/api/projects", { user: fw.adminA, body, headers });
          Object.assign(saved, { minFreeBytes: Number.MAX_SAFE_INTEGER });
          return res.json().id as number;
        })();
        const before = await countRows(full);
        const { body, headers } = multipart({ name: "Voll" }, [{ field: "file", name: "LV.x83", type: "application/xml", data: SAMPLE }]);
        const created = await full.request("POST", "/api/projects", { user: fw.adminA, body, headers });
        expect(created.statusCode).toBe(507);
        expect(created.json().message).toBe(DISK_FULL);
        const up = await uploadInput(full, fw.adminA, id, SAMPLE, "neu.x83");
        expect(up.statusCode).toBe(507);
        expect(await countRows(full)).toEqual(before);
        // Reading still works.
        expect((await full.request("GET", `/api/projects/${id}`, { user: fw.userA })).statusCode).toBe(200);
        const ready = await full.request("GET", "/readyz");
        expect(ready.json().checks.disk).toBe("low");
        const metrics = await full.request("GET", "/metrics", { headers: { authorization: `Bearer ${"t".repeat(32)}` } });
        expect(metrics.body).toMatch(/^bauklar_disk_low 1$/m);
        expect(metrics.body).toMatch(/^bauklar_data_dir_free_bytes \d+/m);
      } finally {
        await full.close();
      }
    },
  );
});

describe("metrics of the queue", () => {
  it("reports queue depth per state and the oldest waiting age", async () => {
    await clearQueue();
    const token = "m".repeat(32);
    const m = await createTestApp({ metricsToken: token });
    try {
      const mw = await createWorld(m);
      const { body, headers } = multipart({ name: "Metrik" }, [{ field: "file", name: "LV.x83", type: "application/xml", data: SAMPLE }]);
      expect((await m.request("POST", "/api/projects", { user: mw.adminA, body, headers })).statusCode).toBe(201);
      await m.db.execute(sql`update jobs set run_at = now() - interval '90 seconds' where status = 'pending'`);
      const db: Db = m.db;
      await db
        .insert(jobs)
        .values({ queue: BOQ_QUEUE, payload: {}, status: "running", lockedAt: new Date(), lockedUntil: new Date(Date.now() - 1000) });
      const text = (await m.request("GET", "/metrics", { headers: { authorization: `Bearer ${token}` } })).body;
      expect(text).toMatch(/^bauklar_jobs\{queue="boq.analyse",state="queued"\} 1$/m);
      expect(text).toMatch(/^bauklar_jobs\{queue="boq.analyse",state="stalled"\} 1$/m);
      expect(text).toMatch(/^bauklar_jobs\{queue="boq.analyse",state="running"\} 0$/m);
      const oldest = Number(/^bauklar_job_oldest_waiting_seconds\{queue="boq.analyse"\} ([\d.]+)$/m.exec(text)?.[1]);
      expect(oldest).toBeGreaterThanOrEqual(90);
      expect(oldest).toBeLessThan(120);
      expect(text).toMatch(/^bauklar_job_takeovers_total\{queue="boq.analyse"\} 0$/m);
    } finally {
      await m.close();
    }
  });
});
