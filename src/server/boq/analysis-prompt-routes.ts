// Super-admin routes for the analysis prompt (the system prompt of the model pass over every LV):
// list the versions with the active one marked, save a new version, make an earlier one active.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { analysisPromptSaveSchema } from "../../common/schemas/analysis-prompt";
import type { AppDeps } from "../app";
import { audit } from "../audit/log";
import { requireRole } from "../auth/guards";
import { notFound } from "../http/errors";
import { activateAnalysisPrompt, listAnalysisPrompts, saveAnalysisPrompt } from "./analysis-prompt";

/** 0 is the shipped default. */
const versionParam = z.object({ id: z.coerce.number().int().min(0).max(2_147_483_647) });

export const analysisPromptRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/api/analysis-prompts", async (req) => {
      requireRole(req, "super_admin");
      return listAnalysisPrompts(db);
    });

    app.post("/api/analysis-prompts", { schema: { body: analysisPromptSaveSchema } }, async (req, reply) => {
      const user = requireRole(req, "super_admin");
      const saved = await saveAnalysisPrompt(db, req.body, user.id);
      await audit(db, req, "analysis.prompt_save", { type: "analysis_prompt", id: saved.id }, { isActive: saved.isActive });
      return reply.status(201).send(saved);
    });

    app.post("/api/analysis-prompts/:id/activate", { schema: { params: versionParam } }, async (req) => {
      requireRole(req, "super_admin");
      const active = await activateAnalysisPrompt(db, req.params.id);
      if (!active) throw notFound("Version des Analyse-Prompts nicht gefunden");
      await audit(db, req, "analysis.prompt_activate", { type: "analysis_prompt", id: active.id });
      return active;
    });
  };
