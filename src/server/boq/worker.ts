// The background reader: every stored input file becomes a "boq.analyse" job, so the reading
// survives restarts and is shared by several instances on one PostgreSQL.
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app";
import type { Db } from "../db/client";
import { enqueue, startWorker, type Worker } from "../jobs/queue";
import { MODEL_PASS_BUDGET_MS } from "./model-pass";
import { configureReaderPool } from "./reader-pool";
import { eq } from "drizzle-orm";
import { boqAnalyses, projects } from "../db/schema";
import { analyseStoredFile, markPending } from "./store";

export const BOQ_QUEUE = "boq.analyse";
interface BoqJob {
  projectId: number;
  fileId: number;
}

const running = new Set<Worker>();

/** Input-file hook: mark the file as pending and queue its reading. */
export async function queueBoqAnalysis(deps: { db: Db }, e: { projectId: number; fileId: number }) {
  await markPending(deps.db, e.projectId, e.fileId);
  await enqueue(deps.db, BOQ_QUEUE, { projectId: e.projectId, fileId: e.fileId } satisfies BoqJob);
  for (const w of running) w.wake();
}

/** The project's contract documents changed: read its current input file again (if any). */
export async function requeueCurrentInput(deps: { db: Db }, projectId: number) {
  const [project] = await deps.db.select({ inputFileId: projects.inputFileId }).from(projects).where(eq(projects.id, projectId));
  if (!project?.inputFileId) return;
  await deps.db.update(boqAnalyses).set({ status: "pending", updatedAt: new Date() }).where(eq(boqAnalyses.fileId, project.inputFileId));
  await queueBoqAnalysis(deps, { projectId, fileId: project.inputFileId });
}

/**
 * Reads queued files in the reader threads (reader-pool.ts): READER_CONCURRENCY job loops, each
 * one file at a time, so the reader pool never queues files that a job holds a lease for.
 */
export function startBoqWorker(deps: AppDeps, log: FastifyBaseLogger, opts: { pollMs?: number } = {}): Worker {
  const { reader } = deps.config;
  configureReaderPool({ ...reader, log });
  // The lease outlasts the longest read (READER_TIMEOUT_MS), the model pass and the saving of its positions.
  const { llm } = deps.config;
  const leaseMs = Math.max(2 * 60_000, reader.timeoutMs + 60_000) + (llm ? MODEL_PASS_BUDGET_MS + llm.timeoutMs : 0);
  const timed = <T>(run: () => Promise<T>) => (deps.ops ? deps.ops.metrics.timeJob(BOQ_QUEUE, run) : run()); // bauklar_job_duration_seconds
  const loops = Array.from({ length: reader.concurrency }, () =>
    startWorker<BoqJob>(deps.db, BOQ_QUEUE, (job) => timed(() => analyseStoredFile(deps.db, job.payload.fileId, { ...deps.config, log, metrics: deps.ops?.metrics })), log, { pollMs: opts.pollMs ?? 1000, leaseMs }),
  );
  const worker: Worker = {
    wake: () => loops.forEach((l) => l.wake()),
    stop: async () => void (await Promise.all(loops.map((l) => l.stop()))),
  };
  running.add(worker);
  return {
    wake: worker.wake,
    async stop() {
      running.delete(worker);
      await worker.stop();
    },
  };
}
