// The background reader: every stored input file becomes a "boq.analyse" job, so the reading
// survives restarts and is shared by several instances on one PostgreSQL.
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app";
import type { Db } from "../db/client";
import { enqueue, startWorker, type Worker } from "../jobs/queue";
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

export function startBoqWorker(deps: AppDeps, log: FastifyBaseLogger, opts: { pollMs?: number } = {}): Worker {
  const worker = startWorker<BoqJob>(deps.db, BOQ_QUEUE, (job) => analyseStoredFile(deps.db, job.payload.fileId), log, {
    pollMs: opts.pollMs ?? 1000,
    leaseMs: 2 * 60_000,
  });
  running.add(worker);
  return {
    wake: worker.wake,
    async stop() {
      running.delete(worker);
      await worker.stop();
    },
  };
}
