// Super admins: readings that failed, stalled (their worker stopped renewing the lease) or wait
// for long, with "erneut einlesen" (the job is due again with fresh attempts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readingIssuesSchema, type ReadingIssues } from "../../common/schemas/boq-queue";
import { messageSchema } from "../../common/schemas/responses";
import type { AppDeps } from "../app";
import { audit } from "../audit/log";
import { requireRole } from "../auth/guards";
import { conflict, notFound } from "../http/errors";
import { wakeBoqWorkers } from "./worker";
import { readingIssues, readingJob, requeueReading } from "./reading-jobs";

const jobIdParam = z.object({ jobId: z.coerce.number().int().positive() });

export const readingAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get(
      "/api/admin/readings",
      { schema: { summary: "Hängende und fehlgeschlagene Einlesungen", response: { 200: readingIssuesSchema } } },
      async (req): Promise<ReadingIssues> => {
        requireRole(req, "super_admin");
        return readingIssues(db);
      },
    );

    app.post(
      "/api/admin/readings/:jobId/requeue",
      { schema: { summary: "Einlesung erneut starten", params: jobIdParam, response: { 200: messageSchema } } },
      async (req) => {
        requireRole(req, "super_admin");
        const { jobId } = req.params;
        const job = await readingJob(db, jobId);
        if (!job) throw notFound("Diese Einlesung gibt es nicht.");
        const requeued = await requeueReading(db, jobId, job.file_id);
        if (!requeued) throw conflict("Diese Einlesung läuft gerade oder wartet bereits und kann nicht erneut gestartet werden.");
        await audit(
          db,
          req,
          "analysis.requeue",
          { type: "job", id: jobId },
          { projectId: job.project_id, fileId: job.file_id, previous: job.status },
        );
        wakeBoqWorkers();
        return { message: "Die Datei wird erneut eingelesen." };
      },
    );
  };
