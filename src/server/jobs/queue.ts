// A small durable job queue in the product's own database (PGlite or PostgreSQL). Jobs are
// claimed with FOR UPDATE SKIP LOCKED, so several instances share one queue; a job whose worker
// died (crash, SIGKILL) is claimed again once its lock is older than the lease.
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { rows } from "../db/client";
import { jobs } from "../db/schema";

export interface Job<P = unknown> {
  id: number;
  queue: string;
  payload: P;
  attempts: number;
}

export interface QueueOptions {
  /** How long a running job may hold its lock before another worker takes it over. */
  leaseMs?: number;
  maxAttempts?: number;
  pollMs?: number;
}

export async function enqueue(db: Db, queue: string, payload: unknown, runAt = new Date()): Promise<number> {
  const [row] = await db.insert(jobs).values({ queue, payload, runAt }).returning({ id: jobs.id });
  return row.id;
}

/** Claims the oldest due job of a queue, or a running one whose lease ran out. */
export async function claimJob<P>(db: Db, queue: string, leaseMs: number): Promise<Job<P> | null> {
  const stale = new Date(Date.now() - leaseMs);
  const [job] = await rows<{ id: string | number; queue: string; payload: P; attempts: number }>(
    db,
    sql`update jobs set status = 'running', locked_at = now(), attempts = attempts + 1
        where id = (
          select id from jobs
          where queue = ${queue}
            and ((status = 'pending' and run_at <= now()) or (status = 'running' and locked_at < ${stale}))
          order by id
          for update skip locked
          limit 1)
        returning id, queue, payload, attempts`,
  );
  return job ? { ...job, id: Number(job.id) } : null;
}

export async function completeJob(db: Db, id: number) {
  await db.execute(sql`update jobs set status = 'done', locked_at = null, last_error = null where id = ${id}`);
}

export async function failJob(db: Db, job: Job, error: unknown, maxAttempts: number) {
  const message = error instanceof Error ? error.message : String(error);
  if (job.attempts >= maxAttempts) {
    await db.execute(sql`update jobs set status = 'failed', locked_at = null, last_error = ${message} where id = ${job.id}`);
  } else {
    // Back off 2 s, 4 s, 8 s … before the next attempt.
    const retryAt = new Date(Date.now() + 2000 * 2 ** (job.attempts - 1));
    await db.execute(sql`update jobs set status = 'pending', locked_at = null, run_at = ${retryAt}, last_error = ${message} where id = ${job.id}`);
  }
}

export interface Worker {
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  /** Stops taking jobs and waits for the one in progress. */
  stop(): Promise<void>;
}

/** Runs jobs of one queue one at a time until stopped. */
export function startWorker<P>(
  db: Db,
  queue: string,
  handler: (job: Job<P>) => Promise<void>,
  log: FastifyBaseLogger,
  opts: QueueOptions = {},
): Worker {
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const maxAttempts = opts.maxAttempts ?? 3;
  const pollMs = opts.pollMs ?? 2000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let running = false;

  const loop = async () => {
    if (running || stopped) return;
    running = true;
    try {
      for (;;) {
        if (stopped) break;
        const job = await claimJob<P>(db, queue, leaseMs);
        if (!job) break;
        try {
          await handler(job);
          await completeJob(db, job.id);
        } catch (err) {
          log.warn({ err, jobId: job.id, queue }, "job failed");
          await failJob(db, job, err, maxAttempts);
        }
      }
    } catch (err) {
      // The database may be away for a moment (restart); the next poll tries again.
      log.warn({ err, queue }, "job polling failed");
    } finally {
      running = false;
    }
  };
  const tick = () => {
    current = loop();
    return current;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await tick();
      schedule();
    }, pollMs);
    timer.unref();
  };
  void tick().then(schedule);
  return {
    wake: () => void tick(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
