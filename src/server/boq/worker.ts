// The background reader: every stored input file becomes a "boq.analyse" job, so the reading
// survives restarts and is shared by several instances on one PostgreSQL. The job is queued in
// the upload's own transaction: an acknowledged upload always has its reading queued.
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app";
import type { Db } from "../db/client";
import { rows } from "../db/client";
import { enqueue, releaseAbandonedJobs, startWorker, type Job, type Worker } from "../jobs/queue";
import { configureReaderPool } from "./reader-pool";
import { eq } from "drizzle-orm";
import { boqAnalyses, projects } from "../db/schema";
import { analyseStoredFile, markAnalysisFailed, markPending } from "./store";

export const BOQ_QUEUE = "boq.analyse";
const MAX_ATTEMPTS = 3;
/** How often pending analyses without an open job are queued again (analyses from before 0009). */
const SWEEP_MS = 30_000;
export const GAVE_UP =
  "Das Leistungsverzeichnis konnte nach mehreren Versuchen nicht gelesen werden. Bitte laden Sie die Datei erneut hoch oder wenden Sie sich an den Support.";

interface BoqJob {
  projectId: number;
  fileId: number;
}

const running = new Set<Worker>();

/** One waiting reading per file; its company is the group for fair turns. */
export const fileJobKey = (fileId: number) => `file:${fileId}`;

/**
 * Marks the file as pending and queues its reading. Call it inside the transaction that stores
 * the file, then wakeBoqWorkers() after the commit.
 */
export async function queueBoqAnalysis(db: Db, e: { projectId: number; fileId: number }) {
  await markPending(db, e.projectId, e.fileId);
  const [project] = await rows<{ company_id: number | null }>(db, sql`select company_id from projects where id = ${e.projectId}`);
  await enqueue(db, BOQ_QUEUE, { projectId: e.projectId, fileId: e.fileId } satisfies BoqJob, {
    group: `company:${project?.company_id ?? "none"}`,
    dedupeKey: fileJobKey(e.fileId),
  });
}

/** Lets the workers of this process look for the job just committed instead of at the next poll. */
export function wakeBoqWorkers() {
  for (const w of running) w.wake();
}

/** The project's contract documents changed: read its current input file again (if any). */
export async function requeueCurrentInput(deps: { db: Db }, projectId: number) {
  const [project] = await deps.db.select({ inputFileId: projects.inputFileId }).from(projects).where(eq(projects.id, projectId));
  if (!project?.inputFileId) return;
  await deps.db.update(boqAnalyses).set({ status: "pending", updatedAt: new Date() }).where(eq(boqAnalyses.fileId, project.inputFileId));
  await queueBoqAnalysis(deps.db, { projectId, fileId: project.inputFileId });
  wakeBoqWorkers();
}

/** Pending analyses with no open job (e.g. queued before jobs were part of the upload's transaction). */
export async function sweepUnqueuedAnalyses(db: Db): Promise<number> {
  const orphans = await rows<{ project_id: number; file_id: number }>(
    db,
    sql`select a.project_id, a.file_id from boq_analyses a
        where a.status = 'pending'
          and not exists (select 1 from jobs j where j.dedupe_key = 'file:' || a.file_id and j.status in ('pending', 'running'))
        limit 500`,
  );
  for (const o of orphans) await queueBoqAnalysis(db, { projectId: o.project_id, fileId: o.file_id });
  return orphans.length;
}

/**
 * Reads queued files in the reader threads (reader-pool.ts): READER_CONCURRENCY job loops, each
 * one file at a time, so the reader pool never queues files that a job holds a lease for.
 */
export function startBoqWorker(deps: AppDeps, log: FastifyBaseLogger, opts: { pollMs?: number } = {}): Worker {
  const { reader, jobLeaseMs } = deps.config;
  configureReaderPool({ ...reader, log });
  const metrics = deps.ops?.metrics;
  const timed = <T>(run: () => Promise<T>) => (metrics ? metrics.timeJob(BOQ_QUEUE, run) : run()); // bauklar_job_duration_seconds
  const read = async (job: Job<BoqJob>) => {
    const { projectId, fileId } = job.payload;
    try {
      await timed(() => analyseStoredFile(deps.db, fileId, { ...deps.config, log, metrics }, { fence: job.finishIn, retryMs: 60_000 }));
    } catch (err) {
      if (job.attempts >= MAX_ATTEMPTS && !job.signal.aborted)
        await markAnalysisFailed(deps.db, projectId, fileId, GAVE_UP).catch(() => {});
      throw err;
    }
  };
  const startLoops = () =>
    Array.from({ length: reader.concurrency }, () =>
      startWorker<BoqJob>(deps.db, BOQ_QUEUE, read, log, {
        pollMs: opts.pollMs ?? 1000,
        leaseMs: jobLeaseMs,
        maxAttempts: MAX_ATTEMPTS,
        // A reading writes its positions: none is started while the data directory is nearly full.
        canClaim: () => !deps.ops?.disk.low,
        onClaim: (job) => job.takenOver && metrics?.jobTakenOver(BOQ_QUEUE),
      }),
    );
  let loops: Worker[] = [];
  let stopped = false;
  // PGlite: one process per data directory, so a job still running was left by a dead process.
  const ready = (deps.database?.kind === "pglite" ? releaseAbandonedJobs(deps.db) : Promise.resolve(0))
    .then((released) => {
      if (released > 0) log.warn({ released }, "jobs left running by the previous process are due again");
      for (let i = 0; i < released; i++) metrics?.jobTakenOver(BOQ_QUEUE);
    })
    .catch((err: unknown) => log.warn({ err }, "releasing abandoned jobs failed"))
    .then(() => {
      if (!stopped) loops = startLoops();
    });
  const sweep = () =>
    sweepUnqueuedAnalyses(deps.db).then(
      (n) => {
        if (n > 0) {
          log.warn({ queued: n }, "pending analyses without a job were queued");
          wakeBoqWorkers();
        }
      },
      (err: unknown) => log.warn({ err }, "sweeping unqueued analyses failed"),
    );
  void ready.then(sweep);
  const sweeper = setInterval(() => void sweep(), SWEEP_MS);
  sweeper.unref();
  const worker: Worker = {
    wake: () => loops.forEach((l) => l.wake()),
    stop: async (graceMs?: number) => void (await Promise.all(loops.map((l) => l.stop(graceMs)))),
  };
  running.add(worker);
  return {
    wake: worker.wake,
    async stop(graceMs?: number) {
      stopped = true;
      clearInterval(sweeper);
      running.delete(worker);
      await ready;
      await worker.stop(graceMs);
    },
  };
}
