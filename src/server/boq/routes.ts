// GET /api/projects/:id/boq (same access as the project), its Excel export (export.ts) and, for
// super admins, the draft evaluation rendered from the pre-check.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { columnMappingSchema } from "../../common/schemas/boq";
import { boqMappingSavedSchema, boqViewSchema, evaluationDraftSchema } from "../../common/schemas/boq-view";
import { idParam } from "../../common/schemas/common";
import type { BoqView } from "../../common/types";
import type { AppDeps } from "../app";
import { fileResponse } from "../api-docs/multipart";
import { requireRole, requireUser } from "../auth/guards";
import { conflict, notFound } from "../http/errors";
import { sendJson } from "../http/send-json";
import { loadManageableProject, loadVisibleProject } from "../projects/access";
import { recordProjectWork } from "../projects/status";
import { customerSummary, potentialOf, reviewedFindings } from "../findings/reviewed";
import { analysisPromptRoutes } from "./analysis-prompt-routes";
import { referencePriceRoutes } from "./reference-prices-routes";
import { renderDraftEvaluation, renderSummaryPage } from "./draft";
import { boqExportRoutes } from "./export";
import { analysisPositions, currentAnalysis, draftEvaluationNames, inputFileName, saveMapping, type AnalysisSummary } from "./store";
import { readingQueuePosition } from "./queue-position";
import { readingAdminRoutes } from "./reading-admin-routes";
import { queueBoqAnalysis, wakeBoqWorkers } from "./worker";

const NO_LV = "Für dieses Projekt ist kein Leistungsverzeichnis hochgeladen.";
const NOT_A_SHEET = "Eine Spaltenzuordnung ist nur für Excel- und CSV-Dateien möglich.";
const SHEET_FORMATS = new Set(["xlsx", "csv"]);

export const boqRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    await app.register(analysisPromptRoutes(deps));
    await app.register(boqExportRoutes(deps));
    await app.register(referencePriceRoutes(deps));
    await app.register(readingAdminRoutes(deps));

    app.get("/api/projects/:id/boq", { schema: { params: idParam, response: { 200: boqViewSchema } } }, async (req, reply) => {
      const user = requireUser(req);
      const project = await loadVisibleProject(db, user, req.params.id);
      const row = await currentAnalysis(db, project.id);
      if (!row?.inputFileId) throw notFound(NO_LV);
      if (!row.analysis) {
        // A file stored before the reader existed (or the seeded demo file): read it now.
        await queueBoqAnalysis(db, { projectId: project.id, fileId: row.inputFileId });
        wakeBoqWorkers();
        const pending: BoqView = {
          status: "pending",
          phase: null,
          positions: [],
          counts: null,
          chargeablePositions: 0,
          prices: null,
          queue: await readingQueuePosition(db, row.inputFileId),
        };
        return pending;
      }
      const a = row.analysis;
      const summary = (a.summary ?? null) as AnalysisSummary | null;
      const positions = a.status === "done" ? await analysisPositions(db, a.id) : [];
      // The stored findings go out only with the review laid over them (ids, decisions, counts, money).
      const { findings: storedFindings, ...read }: Partial<AnalysisSummary> = summary ?? {};
      const reviewed =
        summary && storedFindings
          ? await reviewedFindings(db, project.id, summary, user.role === "super_admin" ? "reviewer" : "customer")
          : null;
      const view: BoqView = {
        status: a.status,
        ...(a.error ? { error: a.error } : {}),
        format: a.format,
        phase: a.phase === null ? null : Number(a.phase),
        positions,
        ...(a.status === "pending" ? { queue: await readingQueuePosition(db, row.inputFileId) } : {}),
        ...read,
        ...(reviewed ?? {}),
        // PositionCounts as the plain record of figures the view declares.
        counts: summary?.counts ? Object.fromEntries(Object.entries(summary.counts)) : null,
        chargeablePositions: summary?.chargeablePositions ?? 0,
        prices: summary?.prices ?? null,
        // The money at stake (tender/money/money.ts); null without prices and for analyses stored before it.
        potential: reviewed?.money?.risk ? potentialOf(reviewed.money.risk) : (summary?.potential ?? null),
      };
      return sendJson(req, reply, view);
    });

    // The user's column choice for an Excel/CSV LV: stored with the file, which is read again.
    app.put(
      "/api/projects/:id/boq/mapping",
      { schema: { params: idParam, body: columnMappingSchema, response: { 200: boqMappingSavedSchema } } },
      async (req) => {
        const user = requireUser(req);
        const project = await loadManageableProject(db, user, req.params.id);
        const row = await currentAnalysis(db, project.id);
        if (!row?.inputFileId) throw notFound(NO_LV);
        if (!row.analysis || !SHEET_FORMATS.has(row.analysis.format ?? "")) throw conflict(NOT_A_SHEET);
        const fileId = row.inputFileId;
        await db.transaction(async (tx) => {
          await saveMapping(tx, fileId, req.body);
          await queueBoqAnalysis(tx, { projectId: project.id, fileId });
        });
        wakeBoqWorkers();
        return { message: "Die Spaltenzuordnung wurde gespeichert. Die Datei wird neu gelesen.", status: "pending" as const };
      },
    );

    // The summary as a printable page (print to PDF in the browser), for everyone who sees the project.
    app.get(
      "/api/projects/:id/boq/summary",
      { schema: { params: idParam, summary: "Zusammenfassung des LV zum Drucken (HTML)", ...fileResponse("text/html") } },
      async (req, reply) => {
        const user = requireUser(req);
        const project = await loadVisibleProject(db, user, req.params.id);
        const row = await currentAnalysis(db, project.id);
        if (!row?.inputFileId) throw notFound(NO_LV);
        if (!row.analysis || row.analysis.status !== "done" || !row.analysis.summary)
          throw conflict("Das Leistungsverzeichnis wurde noch nicht automatisch gelesen.");
        const positions = await analysisPositions(db, row.analysis.id);
        const html = renderSummaryPage({
          projectName: project.name,
          fileName: await inputFileName(db, row.inputFileId),
          summary: await customerSummary(db, project.id, row.analysis.summary as AnalysisSummary),
          shortTexts: new Map(positions.filter((p) => p.oz).map((p) => [p.oz!, p.shortText ?? ""])),
        });
        return reply
          .header("content-type", "text/html; charset=utf-8")
          .header("cache-control", "private, no-store")
          .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
          .send(html);
      },
    );

    app.post(
      "/api/projects/:id/evaluation-draft",
      { schema: { params: idParam, response: { 200: evaluationDraftSchema } } },
      async (req) => {
        const user = requireRole(req, "super_admin");
        const project = await loadVisibleProject(db, user, req.params.id);
        const row = await currentAnalysis(db, project.id);
        if (!row?.inputFileId) throw notFound(NO_LV);
        if (!row.analysis || row.analysis.status !== "done" || !row.analysis.summary) {
          throw conflict("Das Leistungsverzeichnis wurde noch nicht automatisch gelesen.");
        }
        const meta = await draftEvaluationNames(db, project.id, row.inputFileId);
        const positions = await analysisPositions(db, row.analysis.id);
        const stored = row.analysis.summary as AnalysisSummary;
        // The draft is built from the reviewed findings: rejected ones left out, changes and own findings in.
        const reviewed = await customerSummary(db, project.id, stored);
        const html = renderDraftEvaluation({
          projectName: project.name,
          companyName: meta.companyName,
          fileName: meta.fileName,
          phase: row.analysis.phase,
          summary: reviewed,
          shortTexts: new Map(positions.filter((p) => p.oz).map((p) => [p.oz!, p.shortText ?? ""])),
        });
        await recordProjectWork(db, req, project.id, "evaluation_draft");
        return { html, fileName: `Auswertung-${project.id}.html` };
      },
    );
  };
