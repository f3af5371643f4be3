// The expert review of the pre-check: PATCH a decision on one finding, POST an own finding (both
// super admin; another tenant's project is a 404 before the role is looked at), and the rules'
// confirmation rates. Every decision is audited.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { boqFindingSchema } from "../../common/schemas/boq-view";
import {
  FINDING_REVIEW_MESSAGES,
  findingDecisionSchema,
  findingParams,
  ownFindingSchema,
  ruleStatsRowSchema,
} from "../../common/schemas/finding-review";
import { idParam } from "../../common/schemas/common";
import type { AppDeps } from "../app";
import { audit } from "../audit/log";
import { requireRole, requireUser } from "../auth/guards";
import type { SessionUser } from "../auth/sessions";
import type { Db } from "../db/client";
import { conflict, forbidden, notFound } from "../http/errors";
import { loadVisibleProject } from "../projects/access";
import { recordProjectWork } from "../projects/status";
import type { AnalysisSummary } from "../boq/store";
import { currentAnalysis } from "../boq/store";
import { applyReviews, OWN_RULE_ID } from "./apply";
import { findingIds } from "./finding-id";
import { loadReviews, newOwnId, ruleStats, saveDecision } from "./store";

/** The project (404 when not visible), then the role (403), then its read LV (409 before). */
async function reviewTarget(db: Db, user: SessionUser, projectId: number) {
  const project = await loadVisibleProject(db, user, projectId);
  if (user.role !== "super_admin") throw forbidden();
  const row = await currentAnalysis(db, project.id);
  const summary = row?.analysis?.status === "done" ? (row.analysis.summary as AnalysisSummary | null) : null;
  if (!summary) throw conflict(FINDING_REVIEW_MESSAGES.notRead);
  return { project, findings: summary.findings ?? [] };
}

export const findingReviewRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.patch(
      "/api/projects/:id/findings/:findingId",
      {
        schema: {
          summary: "Befund der Vorprüfung bestätigen, verwerfen oder ändern",
          params: findingParams,
          body: findingDecisionSchema,
          response: { 200: boqFindingSchema },
        },
      },
      async (req) => {
        const user = requireUser(req);
        const { project, findings } = await reviewTarget(db, user, req.params.id);
        const body = req.body;
        const index = findingIds(findings).indexOf(req.params.findingId);
        const existing = (await loadReviews(db, project.id)).find((r) => r.findingId === req.params.findingId);
        const own = existing?.own ? existing : undefined;
        if (index < 0 && !own) throw notFound(FINDING_REVIEW_MESSAGES.findingNotFound);
        const base = index >= 0 ? findings[index] : null;
        const current = base
          ? { title: base.title, why: base.why, severity: base.severity, potentialEur: base.potentialEur ?? null, oz: base.oz }
          : {
              title: own!.title ?? "",
              why: own!.why ?? "",
              severity: own!.severity ?? ("hinweis" as const),
              potentialEur: own!.potentialEur,
              oz: own!.oz,
            };
        // A change stores the whole edited finding; confirm and reject keep an own finding's text.
        const edited = body.decision === "changed" || own;
        const saved = await saveDecision(
          db,
          project.id,
          user.id,
          {
            findingId: req.params.findingId,
            ruleId: base?.ruleId ?? OWN_RULE_ID,
            decision: body.decision,
            reason: body.decision === "rejected" ? (body.reason ?? null) : null,
            // Without a remark in the body the earlier one stays; "" removes it.
            remark: body.remark === undefined ? (existing?.remark ?? null) : body.remark || null,
            oz: current.oz,
            title: edited ? (body.title ?? current.title) : null,
            why: edited ? (body.why ?? current.why) : null,
            severity: edited ? (body.severity ?? current.severity) : null,
            potentialEur: edited ? (body.potentialEur === undefined ? current.potentialEur : body.potentialEur) : null,
          },
          Boolean(own),
        );
        await audit(
          db,
          req,
          "finding.review",
          { type: "project", id: project.id },
          { findingId: req.params.findingId, ruleId: saved.ruleId, decision: body.decision },
        );
        await recordProjectWork(db, req, project.id, "expert_review");
        const [finding] = applyReviews(base ? [base] : [], [saved], "reviewer").filter((f) => f.id === req.params.findingId);
        return finding;
      },
    );

    app.post(
      "/api/projects/:id/findings",
      {
        schema: {
          summary: "Eigenen Befund zur Vorprüfung hinzufügen",
          params: idParam,
          body: ownFindingSchema,
          response: { 201: boqFindingSchema },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        const { project } = await reviewTarget(db, user, req.params.id);
        const b = req.body;
        const saved = await saveDecision(
          db,
          project.id,
          user.id,
          {
            findingId: newOwnId(),
            ruleId: OWN_RULE_ID,
            decision: "confirmed",
            reason: null,
            remark: b.remark || null,
            oz: b.oz || null,
            title: b.title,
            why: b.why,
            severity: b.severity,
            potentialEur: b.potentialEur ?? null,
          },
          true,
        );
        await audit(db, req, "finding.add", { type: "project", id: project.id }, { findingId: saved.findingId });
        await recordProjectWork(db, req, project.id, "expert_review");
        const [finding] = applyReviews([], [saved], "reviewer");
        return reply.status(201).send(finding);
      },
    );

    app.get(
      "/api/findings/rule-stats",
      {
        schema: {
          summary: "Bestätigungsquote je Prüfregel (Expertenprüfung)",
          querystring: z.object({}),
          response: { 200: z.array(ruleStatsRowSchema) },
        },
      },
      async (req) => {
        requireRole(req, "super_admin");
        return ruleStats(db);
      },
    );
  };
