// Super-admin routes for the analysis prompt (the system prompt of the model pass over every LV):
// list the versions with the active one marked, save a new version, make an earlier one active.
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { analysisPromptDtoSchema, analysisPromptSaveSchema } from "../../common/schemas/analysis-prompt";
import type { AppDeps } from "../app";
import { audit } from "../audit/log";
import { requireRole } from "../auth/guards";
import { notFound } from "../http/errors";
import { activateAnalysisPrompt, listAnalysisPrompts, saveAnalysisPrompt } from "./analysis-prompt";

/** A saved version; the shipped default has its own route (its id 0 is no database row). */
const versionParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const analysisPromptRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/analysis-prompts",
      { schema: { summary: "Versionen des Analyse-Prompts", response: { 200: z.array(analysisPromptDtoSchema) } } },
      async (req) => {
        requireRole(req, "super_admin");
        return listAnalysisPrompts(db);
      },
    );

    app.post(
      "/api/analysis-prompts",
      { schema: { body: analysisPromptSaveSchema, response: { 201: analysisPromptDtoSchema } } },
      async (req, reply) => {
        const user = requireRole(req, "super_admin");
        const saved = await saveAnalysisPrompt(db, req.body, user.id);
        await audit(db, req, "analysis.prompt_save", { type: "analysis_prompt", id: saved.id }, { isActive: saved.isActive });
        return reply.status(201).send(saved);
      },
    );

    const activate = async (req: FastifyRequest, id: number) => {
      requireRole(req, "super_admin");
      const active = await activateAnalysisPrompt(db, id);
      if (!active) throw notFound("Version des Analyse-Prompts nicht gefunden");
      await audit(db, req, "analysis.prompt_activate", { type: "analysis_prompt", id: active.id });
      return active;
    };
    app.post(
      "/api/analysis-prompts/default/activate",
      { schema: { summary: "Mitgelieferten Analyse-Prompt aktivieren", response: { 200: analysisPromptDtoSchema } } },
      (req) => activate(req, 0),
    );
    app.post(
      "/api/analysis-prompts/:id/activate",
      { schema: { params: versionParam, response: { 200: analysisPromptDtoSchema } } },
      (req) => activate(req, req.params.id),
    );
  };
