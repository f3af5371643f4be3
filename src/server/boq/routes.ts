// GET /api/projects/:id/boq (same access as the project) and, for super admins, the draft
// evaluation rendered from the pre-check.
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "../../common/schemas/common";
import type { AppDeps } from "../app";
import { companies, projectFiles, projects } from "../db/schema";
import { requireRole, requireUser } from "../auth/guards";
import { notFound } from "../http/errors";
import { loadVisibleProject } from "../projects/access";
import { renderDraftEvaluation } from "./draft";
import { analysisPositions, currentAnalysis, type AnalysisSummary } from "./store";
import { queueBoqAnalysis } from "./worker";

const NO_LV = "Für dieses Projekt ist kein Leistungsverzeichnis hochgeladen.";

export const boqRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get("/api/projects/:id/boq", { schema: { params: idParam } }, async (req) => {
      const user = requireUser(req);
      const project = await loadVisibleProject(db, user, req.params.id);
      const row = await currentAnalysis(db, project.id);
      if (!row?.inputFileId) throw notFound(NO_LV);
      if (!row.analysis) {
        // A file stored before the reader existed (or the seeded demo file): read it now.
        await queueBoqAnalysis(deps, { projectId: project.id, fileId: row.inputFileId });
        return { status: "pending", positions: [] };
      }
      const a = row.analysis;
      const summary = (a.summary ?? null) as AnalysisSummary | null;
      const positions = a.status === "done" ? await analysisPositions(db, a.id) : [];
      return {
        status: a.status,
        ...(a.error ? { error: a.error } : {}),
        format: a.format,
        phase: a.phase === null ? null : Number(a.phase),
        positions,
        ...(summary ?? {}),
        counts: summary?.counts ?? null,
        chargeablePositions: summary?.chargeablePositions ?? 0,
        prices: summary?.prices ?? null,
      };
    });

    app.post("/api/projects/:id/evaluation-draft", { schema: { params: idParam } }, async (req, reply) => {
      const user = requireRole(req, "super_admin");
      const project = await loadVisibleProject(db, user, req.params.id);
      const row = await currentAnalysis(db, project.id);
      if (!row?.inputFileId) throw notFound(NO_LV);
      if (!row.analysis || row.analysis.status !== "done" || !row.analysis.summary) {
        return reply.status(409).send({ message: "Das Leistungsverzeichnis wurde noch nicht automatisch gelesen." });
      }
      const [meta] = await db
        .select({ fileName: projectFiles.fileName, companyName: companies.name })
        .from(projects)
        .innerJoin(projectFiles, eq(projectFiles.id, row.inputFileId))
        .leftJoin(companies, eq(companies.id, projects.companyId))
        .where(eq(projects.id, project.id));
      const positions = await analysisPositions(db, row.analysis.id);
      const html = renderDraftEvaluation({
        projectName: project.name,
        companyName: meta?.companyName ?? null,
        fileName: meta?.fileName ?? "",
        phase: row.analysis.phase,
        summary: row.analysis.summary as AnalysisSummary,
        shortTexts: new Map(positions.filter((p) => p.oz).map((p) => [p.oz!, p.shortText ?? ""])),
      });
      return { html, fileName: `Auswertung-${project.id}.html` };
    });
  };
