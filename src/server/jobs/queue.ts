// A small durable job queue in the product's own database (PGlite or PostgreSQL); why not
// pg-boss or graphile-worker: docs/decisions/0019-job-queue.md.
//
// - Claims use FOR UPDATE SKIP LOCKED, so several instances share one queue.
// - A claim takes a lease (`locked_until`) and a random token. The holder renews the lease by a
//   heartbeat; a job whose lease ran out (its worker crashed, hangs or lost the database) is
//   taken over by any worker. The lease is written into the job row by its holder, so it
//   travels with the job instead of depending on the claimer's settings.
// - Completion, failure, release and the job's own result writes (`finishIn`) only count with
//   the claim's token: a worker that lost its lease writes nothing.
// - Fair turns: due jobs are taken group by group (groups with fewer running jobs first, then the
//   one served longest ago), so one company's hundred files wait behind each other, not in front
//   of another company's single file.
// - Writes of the outcome are retried with backoff while the database is unreachable.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { rows } from "../db/client";
import { isDatabaseUnavailable } from "../http/errors";

export interface Job<P = unknown> {
  id: number;
  queue: string;
  payload: P;
  attempts: number;
  /** The claim's fencing token. */
  token: string;
  /** Taken from a worker whose lease had run out. */
  takenOver: boolean;
  /** Aborted when the lease is lost or the job is given back at shutdown. */
  signal: AbortSignal;
  /**
   * Marks the job done inside the caller's transaction, so its result and the completion commit
   * together; throws LeaseLost (rolling the transaction back) when the claim is no longer held.
   */
  finishIn(tx: Db): Promise<void>;
}

/** The claim is gone (taken over or given back): the job's writes must not happen. */
export class LeaseLost extends Error {
  constructor(id: number) {
    super(`job ${id}: lease lost`);
  }
}

export const DEFAULT_LEASE_MS = 30_000;

export interface QueueOptions {
  /** How long a claim holds without a heartbeat; another worker takes the job afterwards. */
  leaseMs?: number;
  /** How often the holder renews its lease (default a third of the lease). */
  heartbeatMs?: number;
  maxAttempts?: number;
  pollMs?: number;
  /** How long a completion or failure is retried while the database is away. */
  retryMs?: number;
  /** False: take no job now (e.g. the disk is nearly full); asked before every claim. */
  canClaim?: () => boolean;
  /** Called for every claimed job (metrics: takeovers). */
  onClaim?: (job: Job<unknown>) => void;
}

export interface EnqueueOptions {
  runAt?: Date;
  /** The group for fair turns (e.g. "company:7"). */
  group?: string;
  /** At most one waiting job per key: a second enqueue while one waits returns that one. */
  dedupeKey?: string;
}

export async function enqueue(db: Db, queue: string, payload: unknown, opts: EnqueueOptions = {}): Promise<number> {
  const runAt = opts.runAt ?? new Date();
  const [row] = await rows<{ id: string | number }>(
    db,
    sql`insert into jobs (queue, payload, run_at, group_key, dedupe_key)
        values (${queue}, ${JSON.stringify(payload)}::jsonb, ${runAt.toISOString()}::timestamptz, ${opts.group ?? ""}, ${opts.dedupeKey ?? null})
        on conflict (queue, dedupe_key) where status = 'pending' do update set run_at = least(jobs.run_at, excluded.run_at)
        returning id`,
  );
  return Number(row.id);
}

const token = () => randomBytes(12).toString("base64url");

interface ClaimedRow<P> {
  id: string | number;
  queue: string;
  payload: P;
  attempts: number;
  prev: string;
}

/**
 * Claims a due job of a queue (or one whose lease ran out), in fair turns between groups. The
 * lease is `leaseMs` from now, by the database's clock.
 */
export async function claimJob<P>(db: Db, queue: string, leaseMs: number = DEFAULT_LEASE_MS): Promise<Job<P> | null> {
  const claim = token();
  // The conditions on j are repeated inside `pick` (not only in `due`): a row locked meanwhile by
  // another claimer is re-checked against them after the lock, so it is never claimed twice.
  const [row] = await rows<ClaimedRow<P>>(
    db,
    sql`with due as (
          select id, group_key from jobs
          where queue = ${queue} and ((status = 'pending' and run_at <= now()) or (status = 'running' and locked_until < now()))
        ),
        turns as (
          select d.group_key, min(d.id) as first_id,
            (select count(*) from jobs r where r.queue = ${queue} and r.status = 'running' and r.locked_until >= now() and r.group_key = d.group_key) as busy,
            (select max(s.locked_at) from jobs s where s.queue = ${queue} and s.group_key = d.group_key) as served
          from due d group by d.group_key
        ),
        pick as (
          select j.id, j.status as prev from jobs j join turns t on t.group_key = j.group_key
          where j.queue = ${queue} and ((j.status = 'pending' and j.run_at <= now()) or (j.status = 'running' and j.locked_until < now()))
          order by t.busy, t.served nulls first, t.first_id, j.id
          for update of j skip locked
          limit 1
        )
        update jobs set status = 'running', locked_at = clock_timestamp(), locked_until = now() + ${leaseMs} * interval '1 millisecond',
          lock_token = ${claim}, attempts = jobs.attempts + 1, finished_at = null,
          takeovers = jobs.takeovers + (case when pick.prev = 'running' then 1 else 0 end)
        from pick where jobs.id = pick.id
        returning jobs.id, jobs.queue, jobs.payload, jobs.attempts, pick.prev`,
  );
  if (!row) return null;
  return claimed<P>({
    id: Number(row.id),
    queue: row.queue,
    payload: row.payload,
    attempts: row.attempts,
    token: claim,
    takenOver: row.prev === "running",
  });
}

function claimed<P>(j: Omit<Job<P>, "signal" | "finishIn">, controller = new AbortController(), onFinished = () => {}): Job<P> {
  const { id, queue, payload, attempts, token, takenOver } = j;
  return {
    id,
    queue,
    payload,
    attempts,
    token,
    takenOver,
    signal: controller.signal,
    async finishIn(tx: Db) {
      if (!(await completeJob(tx, j))) throw new LeaseLost(j.id);
      onFinished();
    },
  };
}

type Claim = Pick<Job, "id" | "token">;

/** Renews the lease; false when the claim is no longer held (taken over, given back, finished). */
export async function heartbeat(db: Db, job: Claim, leaseMs: number = DEFAULT_LEASE_MS): Promise<boolean> {
  const found = await rows<{ id: unknown }>(
    db,
    sql`update jobs set locked_until = now() + ${leaseMs} * interval '1 millisecond'
        where id = ${job.id} and lock_token = ${job.token} and status = 'running' returning id`,
  );
  return found.length > 0;
}

/** Marks the job done if the claim still holds; false when it does not (the write was a no-op). */
export async function completeJob(db: Db, job: Claim): Promise<boolean> {
  const found = await rows<{ id: unknown }>(
    db,
    sql`update jobs set status = 'done', locked_until = null, lock_token = null, last_error = null, finished_at = now()
        where id = ${job.id} and lock_token = ${job.token} and status = 'running' returning id`,
  );
  return found.length > 0;
}

/** A failed attempt: back to the queue (2 s, 4 s, 8 s … later) or, after the last one, failed. */
export async function failJob(db: Db, job: Claim & { attempts: number }, error: unknown, maxAttempts: number): Promise<boolean> {
  const message = error instanceof Error ? error.message : String(error);
  const last = job.attempts >= maxAttempts;
  const retryAt = new Date(Date.now() + 2000 * 2 ** (job.attempts - 1));
  const found = await rows<{ id: unknown }>(
    db,
    last
      ? sql`update jobs set status = 'failed', locked_until = null, lock_token = null, last_error = ${message}, finished_at = now()
            where id = ${job.id} and lock_token = ${job.token} and status = 'running' returning id`
      : sql`update jobs set status = ${backToQueue}, locked_until = null, lock_token = null, run_at = ${retryAt.toISOString()}::timestamptz, last_error = ${message}
            where id = ${job.id} and lock_token = ${job.token} and status = 'running' returning id`,
  );
  return found.length > 0;
}

/** Gives a job back untried (shutdown): due at once, and the attempt does not count. */
export async function releaseJob(db: Db, job: Claim): Promise<boolean> {
  const found = await rows<{ id: unknown }>(
    db,
    sql`update jobs set status = ${backToQueue}, locked_until = null, lock_token = null, run_at = now(), attempts = greatest(attempts - 1, 0)
        where id = ${job.id} and lock_token = ${job.token} and status = 'running' returning id`,
  );
  return found.length > 0;
}

/**
 * PGlite allows one process per data directory: a job still `running` at start was left by a
 * process that died, so it is due again at once instead of after its lease.
 */
export async function releaseAbandonedJobs(db: Db): Promise<number> {
  const found = await rows<{ id: unknown }>(
    db,
    sql`update jobs set status = ${backToQueue}, locked_until = null, lock_token = null, run_at = now(), takeovers = takeovers + 1
        where status = 'running' returning id`,
  );
  return found.length;
}

/** A super admin's "erneut einlesen": a failed or stuck job is due again with fresh attempts. */
export async function requeueJob(db: Db, id: number): Promise<boolean> {
  const found = await rows<{ id: unknown }>(
    db,
    sql`update jobs set status = 'pending', locked_until = null, lock_token = null, run_at = now(), attempts = 0, last_error = null, finished_at = null
        where id = ${id} and (status = 'failed' or (status = 'running' and locked_until < now()))
          and not exists (select 1 from jobs o where o.queue = jobs.queue and o.dedupe_key = jobs.dedupe_key and o.status = 'pending' and o.id <> jobs.id)
        returning id`,
  );
  return found.length > 0;
}

/**
 * The state a job goes back to: "pending", or "done" when another job with its dedupe key waits
 * already (that one reads the newest state; two waiting would break the unique index).
 */
const backToQueue = sql`case when jobs.dedupe_key is not null and exists (
    select 1 from jobs o where o.queue = jobs.queue and o.dedupe_key = jobs.dedupe_key and o.status = 'pending' and o.id <> jobs.id)
  then 'done' else 'pending' end`;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * Runs `write` again while the database is unreachable (restart, network): 100 ms, 200 ms …
 * up to 2 s apart, for at most `totalMs`. Other errors and the last one are thrown.
 */
export async function retryWhileUnavailable<T>(write: () => Promise<T>, totalMs: number, log?: FastifyBaseLogger): Promise<T> {
  const end = Date.now() + totalMs;
  for (let delay = 100; ; delay = Math.min(2000, delay * 2)) {
    try {
      return await write();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() + delay > end) throw err;
      log?.warn({ err, retryInMs: delay }, "database unavailable, retrying the job's write");
      await sleep(delay);
    }
  }
}

export interface Worker {
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  /**
   * Stops taking jobs and waits up to `graceMs` for the one in progress; a job still running
   * then is given back (due at once for another instance) and its late result is discarded.
   */
  stop(graceMs?: number): Promise<void>;
}

/** Runs jobs of one queue one at a time until stopped. */
export function startWorker<P>(
  db: Db,
  queue: string,
  handler: (job: Job<P>) => Promise<void>,
  log: FastifyBaseLogger,
  opts: QueueOptions = {},
): Worker {
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const heartbeatMs = opts.heartbeatMs ?? Math.max(50, Math.floor(leaseMs / 3));
  const maxAttempts = opts.maxAttempts ?? 3;
  const pollMs = opts.pollMs ?? 2000;
  const retryMs = opts.retryMs ?? 120_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<void> | null = null;
  let again = false;
  let active: { job: Job<P>; controller: AbortController } | null = null;

  const runOne = async (job: Job<P>, controller: AbortController, finished: { at: boolean }) => {
    const state = { job, controller };
    active = state;
    const beat = setInterval(() => {
      heartbeat(db, job, leaseMs).then(
        (held) => {
          // After finishIn the job is done: "not held" is expected then.
          if (!held && !finished.at && !controller.signal.aborted) {
            log.warn({ jobId: job.id, queue }, "job lease lost (taken over or given back)");
            controller.abort(new LeaseLost(job.id));
          }
        },
        (err) => log.warn({ err, jobId: job.id, queue }, "job heartbeat failed"),
      );
    }, heartbeatMs);
    beat.unref();
    try {
      await handler(job);
      // A job that finished inside its own transaction (finishIn) is done already.
      if (!controller.signal.aborted && !finished.at) await retryWhileUnavailable(() => completeJob(db, job), retryMs, log);
    } catch (err) {
      if (err instanceof LeaseLost || controller.signal.aborted) {
        log.warn({ jobId: job.id, queue }, "job result discarded: the lease is no longer held");
      } else {
        log.warn({ err, jobId: job.id, queue }, "job failed");
        await retryWhileUnavailable(() => failJob(db, job, err, maxAttempts), retryMs, log).catch((e: unknown) =>
          log.error({ err: e, jobId: job.id, queue }, "job failure not recorded; the lease runs out and the job is taken again"),
        );
      }
    } finally {
      clearInterval(beat);
      if (active === state) active = null;
    }
  };

  const drain = async () => {
    try {
      do {
        again = false;
        while (!stopped) {
          if (opts.canClaim && !opts.canClaim()) break;
          const controller = new AbortController();
          const found = await claimJob<P>(db, queue, leaseMs);
          if (!found) break;
          if (stopped) {
            // Claimed while stop() was called: back to the queue untouched.
            await releaseJob(db, found).catch(() => {});
            break;
          }
          const finished = { at: false };
          const job = claimed<P>(found, controller, () => (finished.at = true));
          opts.onClaim?.(job as Job<unknown>);
          await runOne(job, controller, finished);
        }
      } while (again && !stopped);
    } catch (err) {
      // The database may be away for a moment (restart); the next poll tries again.
      log.warn({ err, queue }, "job polling failed");
    }
  };
  const tick = (): Promise<void> => {
    if (loop) {
      again = true;
      return loop;
    }
    loop = drain().finally(() => {
      loop = null;
    });
    return loop;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().then(schedule);
    }, pollMs);
    timer.unref();
  };
  void tick().then(schedule);
  return {
    wake: () => void tick(),
    async stop(graceMs = Infinity) {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = loop;
      if (!current) return;
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"grace">((r) => {
        if (Number.isFinite(graceMs)) graceTimer = setTimeout(() => r("grace"), Math.max(0, graceMs));
      });
      const outcome = await Promise.race([current.then(() => "done" as const), graceOver]);
      clearTimeout(graceTimer);
      const holding = active as { job: Job<P>; controller: AbortController } | null;
      if (outcome === "done" || !holding) return;
      holding.controller.abort(new LeaseLost(holding.job.id));
      const given = await retryWhileUnavailable(() => releaseJob(db, holding.job), 3000, log).catch(() => false);
      log.warn({ jobId: holding.job.id, queue, given }, "shutting down: job in progress given back to the queue");
    },
  };
}
