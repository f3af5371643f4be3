// Super-admin routes of the chatbot database screen: system prompts (versions), the knowledge
// base of each chatbot, and the request ledger (free and paid requests per company and month).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  chatbotTypeParam,
  knowledgeArticleSchema,
  knowledgeArticleUpdateSchema,
  knowledgeListQuery,
  ledgerQuery,
  promptSaveSchema,
} from "../../common/schemas/chatbot";
import { idParam } from "../../common/schemas/common";
import type { ChatbotLedgerRowDto } from "../../common/types";
import type { AppDeps } from "../app";
import { requireRole } from "../auth/guards";
import { audit } from "../audit/log";
import { notFound } from "../http/errors";
import { listPrompts, savePrompt } from "./prompts";
import { allLedgerRows, ledgerPageQueries } from "./ledger-list";
import { pageWindow, readPage, sendAll, sendPage } from "../http/list-page";
import { ledgerListQuery } from "../../common/schemas/list-query";
import {
  chatbotPromptSchema,
  knowledgeArticleListItemSchema,
  knowledgeArticleSchema as knowledgeArticleResponse,
  ledgerRowDtoSchema,
  messageSchema,
} from "../../common/schemas/responses";
import { z } from "zod";
import { createArticle, deleteArticle, getArticle, listArticles, updateArticle } from "./knowledge-store";

const ARTICLE_NOT_FOUND = "Artikel nicht gefunden";

export const adminRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/chatbot/prompts/:type",
      { schema: { params: chatbotTypeParam, response: { 200: z.array(chatbotPromptSchema) } } },
      async (req) => {
        requireRole(req, "super_admin");
        return listPrompts(db, req.params.type);
      },
    );

    app.post("/api/chatbot/prompt", { schema: { body: promptSaveSchema, response: { 201: chatbotPromptSchema } } }, async (req, reply) => {
      const user = requireRole(req, "super_admin");
      const saved = await savePrompt(db, req.body, user.id);
      await audit(
        db,
        req,
        "chatbot.prompt_save",
        { type: "chatbot_prompt", id: saved.id },
        { chatbotType: saved.chatbotType, isActive: saved.isActive },
      );
      return reply.status(201).send(saved);
    });

    app.get(
      "/api/chatbot/knowledge",
      { schema: { querystring: knowledgeListQuery, response: { 200: z.array(knowledgeArticleListItemSchema) } } },
      async (req) => {
        requireRole(req, "super_admin");
        return listArticles(db, req.query.type, req.query.q);
      },
    );

    app.get("/api/chatbot/knowledge/:id", { schema: { params: idParam, response: { 200: knowledgeArticleResponse } } }, async (req) => {
      requireRole(req, "super_admin");
      const article = await getArticle(db, req.params.id);
      if (!article) throw notFound(ARTICLE_NOT_FOUND);
      return article;
    });

    app.post(
      "/api/chatbot/knowledge",
      { schema: { body: knowledgeArticleSchema, response: { 201: knowledgeArticleResponse } } },
      async (req, reply) => {
        const user = requireRole(req, "super_admin");
        const created = await createArticle(db, req.body, user.id);
        await audit(
          db,
          req,
          "chatbot.knowledge_create",
          { type: "chatbot_knowledge", id: created.id },
          { chatbotType: created.chatbotType, title: created.title },
        );
        return reply.status(201).send(created);
      },
    );

    app.put(
      "/api/chatbot/knowledge/:id",
      { schema: { params: idParam, body: knowledgeArticleUpdateSchema, response: { 200: knowledgeArticleResponse } } },
      async (req) => {
        requireRole(req, "super_admin");
        const updated = await updateArticle(db, req.params.id, req.body);
        if (!updated) throw notFound(ARTICLE_NOT_FOUND);
        await audit(
          db,
          req,
          "chatbot.knowledge_update",
          { type: "chatbot_knowledge", id: updated.id },
          { chatbotType: updated.chatbotType, slug: updated.slug, title: updated.title },
        );
        return updated;
      },
    );

    app.delete("/api/chatbot/knowledge/:id", { schema: { params: idParam, response: { 200: messageSchema } } }, async (req) => {
      requireRole(req, "super_admin");
      const deleted = await deleteArticle(db, req.params.id);
      if (!deleted) throw notFound(ARTICLE_NOT_FOUND);
      // The slug in the audit row keeps the seed from bringing a shipped article back.
      await audit(
        db,
        req,
        "chatbot.knowledge_delete",
        { type: "chatbot_knowledge", id: deleted.id },
        { chatbotType: deleted.chatbotType, slug: deleted.slug, title: deleted.title },
      );
      return { message: "Artikel gelöscht" };
    });

    app.get(
      "/api/chatbot/ledger",
      { schema: { querystring: ledgerQuery.extend(ledgerListQuery.shape), response: { 200: z.array(ledgerRowDtoSchema) } } },
      async (req, reply): Promise<ChatbotLedgerRowDto[]> => {
        requireRole(req, "super_admin");
        const { companyId, month } = req.query;
        const page = pageWindow(req.query, "-month");
        if (!page) return sendAll(reply, await allLedgerRows(db, { companyId, month }));
        return sendPage(reply, await readPage(db, page.q, (tx) => ledgerPageQueries(tx, { companyId, month }, page)));
      },
    );
  };
