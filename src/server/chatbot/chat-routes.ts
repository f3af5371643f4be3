// The chat API of requirements 2.7: ask (JSON, or Server-Sent Events when the client accepts
// text/event-stream), the user's conversations, one conversation, and the company's usage.
import { PassThrough } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { chatbotTypeParam, chatMessageSchema, type ChatbotType } from "../../common/schemas/chatbot";
import { idParam } from "../../common/schemas/common";
import type { ChatbotAnswerDto } from "../../common/types";
import type { AppDeps } from "../app";
import { canAccessCompany, requireUser } from "../auth/guards";
import { HttpError, badGateway, gatewayTimeout, notFound, serverError } from "../http/errors";
import { rateLimited } from "../http/rate-limit";
import { generateAnswer, type Answer, type HistoryMessage } from "./answer";
import {
  conversationDetail,
  conversationDto,
  conversationPageQueries,
  listConversations,
  ownConversation,
  recentHistory,
  saveExchange,
} from "./conversations";
import { pageWindow, readPage, sendAll, sendPage } from "../http/list-page";
import { conversationListQuery } from "../../common/schemas/list-query";
import { chatbotAnswerSchema, chatbotUsageSchema, conversationDetailSchema, conversationDtoSchema } from "../../common/schemas/responses";
import { LlmError } from "./llm";
import { companyUsage, releaseRequest, reserveRequest, type Reservation } from "./quota";

const streamQuery = z.object({ stream: z.enum(["0", "1"]).optional() });

const wantsStream = (query: z.infer<typeof streamQuery>, accept: string | undefined) =>
  query.stream === "1" || (accept ?? "").includes("text/event-stream");

/** The API's message for a failed answer (the client shows requirements part 2's assistant message). */
export const ANSWER_FAILED = "Die Antwort konnte nicht erstellt werden. Bitte versuchen Sie es später erneut.";

/** The status tells a time-out (504) from a provider error (502). */
function answerError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof LlmError) return err.kind === "timeout" ? gatewayTimeout(ANSWER_FAILED) : badGateway(ANSWER_FAILED);
  return serverError(ANSWER_FAILED);
}

const HEARTBEAT_MS = 15_000;

export const chatRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;

    interface Exchange {
      userId: number;
      type: ChatbotType;
      conversationId: number | null;
      question: string;
      reservation: Reservation;
    }

    const complete = async (ex: Exchange, answer: Answer): Promise<ChatbotAnswerDto> => {
      const conversationId = await saveExchange(db, {
        userId: ex.userId,
        type: ex.type,
        conversationId: ex.conversationId,
        question: ex.question,
        answer: answer.text,
      });
      app.ops.metrics.chatbotAnswer(answer.source);
      return { message: answer.text, conversationId, usage: ex.reservation.usage, source: answer.source };
    };

    const release = (req: FastifyRequest, r: Reservation) =>
      releaseRequest(db, r).catch((err: unknown) => req.log.error({ err }, "chatbot: releasing a request failed"));

    /** Server-Sent Events: `delta` pieces as they are generated, then `done` or `error`. */
    function streamAnswer(req: FastifyRequest, reply: FastifyReply, ex: Exchange, history: HistoryMessage[]) {
      const out = new PassThrough();
      const controller = new AbortController();
      let finished = false;
      // Once any text went out, the request counts, whatever happens after (issue 22, item 6: an
      // answer read to the end and then aborted was refunded). Only a failure before the first
      // piece of text is given back.
      let delivered = false;
      const write = (chunk: string) => {
        if (!out.destroyed && !out.writableEnded) out.write(chunk);
      };
      const send = (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      // The browser went away before the answer was complete: stop generating.
      reply.raw.on("close", () => {
        if (!finished) controller.abort();
      });
      const heartbeat = setInterval(() => write(": ping\n\n"), HEARTBEAT_MS);
      write(": stream\n\n");

      void (async () => {
        try {
          const answer = await generateAnswer(deps, {
            type: ex.type,
            question: ex.question,
            history,
            signal: controller.signal,
            onDelta: (text) => {
              delivered = true;
              send("delta", { text });
            },
          });
          if (controller.signal.aborted) throw new LlmError("aborted", "request aborted");
          send("done", await complete(ex, answer));
        } catch (err) {
          if (!delivered) await release(req, ex.reservation);
          if (!(err instanceof LlmError && err.kind === "aborted")) req.log.warn({ err }, "chatbot: answer failed");
          const failed = answerError(err);
          send("error", { message: failed.message, status: failed.status });
        } finally {
          finished = true;
          clearInterval(heartbeat);
          out.end();
        }
      })();

      reply
        .header("Content-Type", "text/event-stream; charset=utf-8")
        .header("Cache-Control", "no-cache, no-transform")
        .header("X-Accel-Buffering", "no");
      return reply.send(out);
    }

    app.post(
      "/api/chatbot/:type",
      {
        // The JSON answer; with streaming the same object is the `done` event of the text/event-stream.
        schema: { params: chatbotTypeParam, body: chatMessageSchema, querystring: streamQuery, response: { 200: chatbotAnswerSchema } },
        config: rateLimited(config, 60, 60_000, "Zu viele Anfragen an den Chatbot. Bitte warten Sie einen Moment."),
      },
      async (req, reply) => {
        const user = requireUser(req);
        const { type } = req.params;
        const conversation = req.body.conversationId ? await ownConversation(db, user.id, req.body.conversationId, type) : null;
        const history = conversation ? await recentHistory(db, conversation.id) : [];
        const reservation = await reserveRequest(db, user, type).catch((err: unknown) => app.ops.metrics.chatbotRefused(err));
        const ex: Exchange = { userId: user.id, type, conversationId: conversation?.id ?? null, question: req.body.message, reservation };

        if (wantsStream(req.query, req.headers.accept)) return streamAnswer(req, reply, ex, history);
        try {
          const answer = await generateAnswer(deps, { type, question: ex.question, history });
          return await complete(ex, answer);
        } catch (err) {
          await release(req, reservation);
          req.log.warn({ err }, "chatbot: answer failed");
          throw answerError(err);
        }
      },
    );

    app.get(
      "/api/chatbot/conversations/:type",
      { schema: { params: chatbotTypeParam, querystring: conversationListQuery, response: { 200: z.array(conversationDtoSchema) } } },
      async (req, reply) => {
        const user = requireUser(req);
        const page = pageWindow(req.query, "-updatedAt");
        if (!page) return sendAll(reply, await listConversations(db, user.id, req.params.type));
        return sendPage(
          reply,
          await readPage(db, page.q, (tx) => conversationPageQueries(tx, user.id, req.params.type, page)),
          conversationDto,
        );
      },
    );

    app.get("/api/chatbot/conversation/:id", { schema: { params: idParam, response: { 200: conversationDetailSchema } } }, async (req) => {
      const user = requireUser(req);
      return conversationDetail(db, user.id, req.params.id);
    });

    app.get("/api/companies/:id/chatbot-usage", { schema: { params: idParam, response: { 200: chatbotUsageSchema } } }, async (req) => {
      const user = requireUser(req);
      if (!canAccessCompany(user, req.params.id)) throw notFound("Unternehmen nicht gefunden");
      const usage = await companyUsage(db, req.params.id);
      if (!usage) throw notFound("Unternehmen nicht gefunden");
      return usage;
    });
  };
