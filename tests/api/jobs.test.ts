// The durable job queue (src/server/jobs/queue.ts): exactly-once runs, retries, leases renewed by
// heartbeats, takeover after missed heartbeats, fencing of a stale worker's writes, the give-back
// at shutdown, retries across a database blip and fair turns between groups (companies).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  claimJob,
  completeJob,
  enqueue,
  failJob,
  LeaseLost,
  releaseAbandonedJobs,
  requeueJob,
  retryWhileUnavailable,
  startWorker,
  type Job,
} from "../../src/server/jobs/queue";
import { jobs } from "../../src/server/db/schema";
import { openDatabase, rows, type Db } from "../../src/server/db/client";
import { createTestDatabase, onPostgres, type TestDatabase } from "../helpers/database";
import { createPrivateCluster, postgresBinDir } from "../helpers/private-postgres";

const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;
let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
});
afterAll(() => t.drop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const waitFor = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error("timed out");
};
const statusOf = async (id: number, on: Db = db) => (await on.select().from(jobs).where(eq(jobs.id, id)))[0];

describe("job queue", () => {
  it("runs a job once and marks it done", async () => {
    const seen: Job<{ n: number }>[] = [];
    const id = await enqueue(db, "test-a", { n: 7 });
    const worker = startWorker<{ n: number }>(db, "test-a", async (job) => void seen.push(job), silent, { pollMs: 50 });
    await waitFor(async () => (await statusOf(id)).status === "done");
    await worker.stop();
    expect(seen.map((j) => j.payload)).toEqual([{ n: 7 }]);
    const row = await statusOf(id);
    expect(row.lockToken).toBeNull();
    expect(row.finishedAt).not.toBeNull();
  });

  it("retries a failing job and gives up after the last attempt with its error", async () => {
    const id = await enqueue(db, "test-b", {});
    let calls = 0;
    const worker = startWorker(
      db,
      "test-b",
      async () => {
        calls++;
        throw new Error("kaputt");
      },
      silent,
      { pollMs: 20, maxAttempts: 2 },
    );
    // Let the back-off elapse immediately.
    await waitFor(async () => {
      await db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(eq(jobs.id, id));
      return (await statusOf(id)).status === "failed";
    });
    await worker.stop();
    expect(calls).toBe(2);
    expect((await statusOf(id)).lastError).toBe("kaputt");
  });

  it("one waiting job per dedupe key; a new one may wait while the first runs", async () => {
    const first = await enqueue(db, "test-dedupe", { v: 1 }, { dedupeKey: "file:1" });
    expect(await enqueue(db, "test-dedupe", { v: 2 }, { dedupeKey: "file:1" })).toBe(first);
    const claimed = await claimJob(db, "test-dedupe");
    expect(claimed?.id).toBe(first);
    const second = await enqueue(db, "test-dedupe", { v: 3 }, { dedupeKey: "file:1" });
    expect(second).not.toBe(first);
    expect((await rows<{ n: number }>(db, sql`select count(*)::int as n from jobs where queue = 'test-dedupe'`))[0].n).toBe(2);
  });
});

describe("leases, heartbeats and fencing", () => {
  it("a job whose worker stopped renewing is taken over after the lease, and the stale worker's completion is a no-op", async () => {
    const id = await enqueue(db, "test-c", {});
    const stale = await claimJob(db, "test-c", 300);
    expect(stale?.id).toBe(id);
    // Nobody else may take it while the lease is fresh …
    expect(await claimJob(db, "test-c", 300)).toBeNull();
    await sleep(400);
    // … but once it ran out, any worker takes it, whatever lease that worker would use.
    const again = await claimJob(db, "test-c", 60_000);
    expect(again).toMatchObject({ id, attempts: 2, takenOver: true });
    expect(await completeJob(db, stale!)).toBe(false);
    expect(await failJob(db, stale!, new Error("spät"), 3)).toBe(false);
    expect(await statusOf(id)).toMatchObject({ status: "running", lockToken: again!.token, takeovers: 1, lastError: null });
    expect(await completeJob(db, again!)).toBe(true);
    expect((await statusOf(id)).status).toBe("done");
  });

  it("heartbeats keep a job that runs far longer than its lease; nobody takes it meanwhile and it runs once", async () => {
    const id = await enqueue(db, "test-hb", {});
    let runs = 0;
    const worker = startWorker(
      db,
      "test-hb",
      async () => {
        runs++;
        await sleep(1500);
      },
      silent,
      { pollMs: 20, leaseMs: 300, heartbeatMs: 100 },
    );
    await waitFor(async () => (await statusOf(id)).status === "running");
    const stolen: number[] = [];
    while ((await statusOf(id)).status === "running") {
      const j = await claimJob(db, "test-hb", 300);
      if (j) stolen.push(j.id);
      await sleep(50);
    }
    await worker.stop();
    expect(stolen).toEqual([]);
    expect(runs).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: "done", attempts: 1, takeovers: 0 });
  });

  it("finishIn commits the job's own writes with the completion; a stale claim's writes roll back", async () => {
    await db.execute(sql`create table if not exists test_results (job_id bigint, writer text)`);
    const id = await enqueue(db, "test-fence", {});
    const stale = await claimJob(db, "test-fence", 200);
    await sleep(300);
    const fresh = await claimJob(db, "test-fence", 60_000);
    const write = (job: Job, writer: string) =>
      db.transaction(async (tx) => {
        await job.finishIn(tx as unknown as Db);
        await tx.execute(sql`insert into test_results values (${id}, ${writer})`);
      });
    await expect(write(stale!, "alt")).rejects.toBeInstanceOf(LeaseLost);
    await write(fresh!, "neu");
    expect(await rows<{ writer: string }>(db, sql`select writer from test_results where job_id = ${id}`)).toEqual([{ writer: "neu" }]);
    expect((await statusOf(id)).status).toBe("done");
  });

  it("a worker whose lease was taken discards its result: the job is done once, by the new holder", async () => {
    const id = await enqueue(db, "test-lost", {});
    const writers: string[] = [];
    // The first worker hangs and its heartbeats do not get through (none in this window): its
    // lease is cut short by hand.
    const slow = startWorker(
      db,
      "test-lost",
      async (job) => {
        await sleep(600);
        await db.transaction(async (tx) => {
          await job.finishIn(tx as unknown as Db);
          writers.push("slow");
        });
      },
      silent,
      { pollMs: 20, leaseMs: 60_000, heartbeatMs: 60_000 },
    );
    await waitFor(async () => (await statusOf(id)).status === "running");
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id));
    const taken = await claimJob(db, "test-lost", 60_000);
    expect(taken?.takenOver).toBe(true);
    await db.transaction(async (tx) => {
      await taken!.finishIn(tx as unknown as Db);
      writers.push("taker");
    });
    await sleep(800);
    await slow.stop();
    expect(writers).toEqual(["taker"]);
    expect(await statusOf(id)).toMatchObject({ status: "done", attempts: 2, takeovers: 1 });
  });
});

describe("shutdown", () => {
  it("stop() waits for the job in progress and leaves it done", async () => {
    const id = await enqueue(db, "test-stop", {});
    let finished = false;
    const worker = startWorker(
      db,
      "test-stop",
      async () => {
        await sleep(500);
        finished = true;
      },
      silent,
      { pollMs: 10 },
    );
    await waitFor(async () => (await statusOf(id)).status === "running");
    await worker.stop(5000);
    expect(finished).toBe(true);
    expect((await statusOf(id)).status).toBe("done");
  });

  it("after the grace period the job is given back, due at once with its attempt not counted; the late result is discarded", async () => {
    const id = await enqueue(db, "test-grace", {});
    let lateWrite: unknown = null;
    const worker = startWorker(
      db,
      "test-grace",
      async (job) => {
        await sleep(800);
        lateWrite = await db
          .transaction(async (tx) => job.finishIn(tx as unknown as Db))
          .then(
            () => "written",
            (err: unknown) => err,
          );
      },
      silent,
      { pollMs: 10 },
    );
    await waitFor(async () => (await statusOf(id)).status === "running");
    const started = Date.now();
    await worker.stop(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await statusOf(id)).toMatchObject({ status: "pending", attempts: 0, lockToken: null });
    // Another instance takes it at once.
    const next = await claimJob(db, "test-grace");
    expect(next?.id).toBe(id);
    await sleep(900);
    expect(lateWrite).toBeInstanceOf(LeaseLost);
    expect((await statusOf(id)).lockToken).toBe(next!.token);
  });

  it("PGlite start: jobs left running by a dead process are due again at once", async () => {
    const id = await enqueue(db, "test-abandoned", {});
    await claimJob(db, "test-abandoned", 600_000);
    expect(await releaseAbandonedJobs(db)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(id)).toMatchObject({ status: "pending", lockToken: null, takeovers: 1 });
    expect((await claimJob(db, "test-abandoned"))?.id).toBe(id);
  });

  it("requeue gives a failed job fresh attempts", async () => {
    const id = await enqueue(db, "test-requeue", {});
    const j = await claimJob(db, "test-requeue");
    await failJob(db, j!, new Error("endgültig"), 1);
    expect((await statusOf(id)).status).toBe("failed");
    expect(await requeueJob(db, id)).toBe(true);
    expect(await statusOf(id)).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    // A running job with a live lease is not taken from its worker.
    const running = await claimJob(db, "test-requeue");
    expect(await requeueJob(db, running!.id)).toBe(false);
  });
});

describe("database blips", () => {
  it("retries a write while the database is unreachable, and passes other errors on at once", async () => {
    let calls = 0;
    const started = Date.now();
    const result = await retryWhileUnavailable(async () => {
      if (++calls < 3) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      return "ok";
    }, 5000);
    expect(result).toBe("ok");
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeLessThan(1000);
    calls = 0;
    await expect(
      retryWhileUnavailable(async () => {
        calls++;
        throw new Error("duplicate key");
      }, 5000),
    ).rejects.toThrow("duplicate key");
    expect(calls).toBe(1);
  });

  const bin = postgresBinDir();
  it.runIf(onPostgres() && bin)(
    "PostgreSQL restarting while a job runs: its completion waits for the database, the job is done within seconds and ran once",
    async () => {
      const cluster = await createPrivateCluster();
      try {
        await cluster.start();
        const own = await openDatabase({ databaseUrl: cluster.url, poolSize: 4 });
        try {
          const id = await enqueue(own.db, "test-blip", {});
          let runs = 0;
          let release: () => void = () => {};
          const gate = new Promise<void>((r) => (release = r));
          const worker = startWorker(
            own.db,
            "test-blip",
            async () => {
              runs++;
              await gate;
            },
            silent,
            { pollMs: 50, leaseMs: 30_000 },
          );
          await waitFor(async () => (await statusOf(id, own.db)).status === "running");
          await cluster.stop("immediate");
          release(); // the job ends while the database is away
          await sleep(800);
          const back = Date.now();
          await cluster.start();
          await waitFor(async () => (await statusOf(id, own.db).catch(() => null))?.status === "done", 20_000);
          const delay = Date.now() - back;
          await worker.stop();
          expect(runs).toBe(1);
          expect(delay).toBeLessThan(5000);
          console.info(`blip: job done ${delay} ms after PostgreSQL was back`);
        } finally {
          await own.close();
        }
      } finally {
        await cluster.destroy();
      }
    },
    90_000,
  );
});

describe("fair turns", () => {
  it("takes groups in turns: a company's 30 queued files hold another company's file for at most one reading", async () => {
    const order: string[] = [];
    for (let i = 0; i < 30; i++) await enqueue(db, "test-fair", { g: "A", i }, { group: "company:A" });
    await enqueue(db, "test-fair", { g: "B", i: 0 }, { group: "company:B" });
    const worker = startWorker<{ g: string; i: number }>(
      db,
      "test-fair",
      async (job) => {
        order.push(`${job.payload.g}${job.payload.i}`);
        if (order.length === 5) await enqueue(db, "test-fair", { g: "C", i: 0 }, { group: "company:C" });
        await sleep(5);
      },
      silent,
      { pollMs: 10 },
    );
    await waitFor(async () => order.length === 32, 20_000);
    await worker.stop();
    // B, queued behind A's 30 files, is read second; C, queued while A's 5th ran, right after it.
    expect(order.indexOf("B0")).toBe(1);
    expect(order.indexOf("C0")).toBe(5);
    expect(order.filter((o) => o.startsWith("A"))).toEqual(Array.from({ length: 30 }, (_, i) => `A${i}`));
  });

  it.runIf(onPostgres())("two instances on one PostgreSQL never run the same job twice", async () => {
    const second = await openDatabase({ databaseUrl: t.url! });
    try {
      const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => enqueue(db, "test-d", { i }, { group: `company:${i % 3}` })));
      const runs: number[] = [];
      const handler = async (job: Job<{ i: number }>) => {
        runs.push(job.payload.i);
        await sleep(5);
      };
      const w1 = startWorker(db, "test-d", handler, silent, { pollMs: 10 });
      const w2 = startWorker(second.db, "test-d", handler, silent, { pollMs: 10 });
      await waitFor(async () => (await Promise.all(ids.map((id) => statusOf(id)))).every((j) => j.status === "done"), 20_000);
      await Promise.all([w1.stop(), w2.stop()]);
      expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    } finally {
      await second.close();
    }
  });
});
