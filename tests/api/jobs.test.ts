import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { claimJob, enqueue, startWorker, type Job } from "../../src/server/jobs/queue";
import { jobs } from "../../src/server/db/schema";
import { openDatabase } from "../../src/server/db/client";
import { createTestDatabase, onPostgres, type TestDatabase } from "../helpers/database";

const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const waitFor = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("timed out");
};
const statusOf = async (id: number) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe("job queue", () => {
  it("runs a job once and marks it done", async () => {
    const seen: Job<{ n: number }>[] = [];
    const id = await enqueue(t.database.db, "test-a", { n: 7 });
    const worker = startWorker<{ n: number }>(t.database.db, "test-a", async (job) => void seen.push(job), silent, { pollMs: 50 });
    await waitFor(async () => (await statusOf(id)).status === "done");
    await worker.stop();
    expect(seen.map((j) => j.payload)).toEqual([{ n: 7 }]);
  });

  it("retries a failing job and gives up after the last attempt with its error", async () => {
    const id = await enqueue(t.database.db, "test-b", {});
    let calls = 0;
    const worker = startWorker(t.database.db, "test-b", async () => {
      calls++;
      throw new Error("kaputt");
    }, silent, { pollMs: 20, maxAttempts: 2 });
    // Let the back-off elapse immediately.
    await waitFor(async () => {
      await t.database.db.update(jobs).set({ runAt: new Date(0) }).where(eq(jobs.id, id));
      return (await statusOf(id)).status === "failed";
    });
    await worker.stop();
    expect(calls).toBe(2);
    expect((await statusOf(id)).lastError).toBe("kaputt");
  });

  it("takes over a job whose worker died (stale lock), so work survives a crash", async () => {
    const id = await enqueue(t.database.db, "test-c", {});
    const claimed = await claimJob(t.database.db, "test-c", 60_000);
    expect(claimed?.id).toBe(id);
    // The process holding it is gone: nobody else may take it while the lease is fresh …
    expect(await claimJob(t.database.db, "test-c", 60_000)).toBeNull();
    // … but after the lease it is claimed again.
    await t.database.db.update(jobs).set({ lockedAt: new Date(Date.now() - 120_000) }).where(eq(jobs.id, id));
    const again = await claimJob(t.database.db, "test-c", 60_000);
    expect(again?.id).toBe(id);
    expect(again?.attempts).toBe(2);
  });

  it.runIf(onPostgres())("two instances on one PostgreSQL never run the same job twice", async () => {
    const second = await openDatabase({ databaseUrl: t.url! });
    try {
      const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => enqueue(t.database.db, "test-d", { i })));
      const runs: number[] = [];
      const handler = async (job: Job<{ i: number }>) => {
        runs.push(job.payload.i);
        await new Promise((r) => setTimeout(r, 5));
      };
      const w1 = startWorker(t.database.db, "test-d", handler, silent, { pollMs: 10 });
      const w2 = startWorker(second.db, "test-d", handler, silent, { pollMs: 10 });
      await waitFor(async () => (await Promise.all(ids.map(statusOf))).every((j) => j.status === "done"), 20_000);
      await Promise.all([w1.stop(), w2.stop()]);
      expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    } finally {
      await second.close();
    }
  });
});
