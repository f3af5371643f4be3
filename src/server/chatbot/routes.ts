// The chatbots (requirements part 2): chat, conversations and usage for every signed-in user; prompts,
// knowledge base and ledger for super admins. The answer path is prepared once the server is ready.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../app";
import { chatRoutes } from "./chat-routes";
import { adminRoutes } from "./admin-routes";
import { warmUpChatbots } from "./warm-up";

export const chatbotRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(chatRoutes(deps));
    await app.register(adminRoutes(deps));
    // In the background: the first questions after a start answer as fast as any other.
    app.addHook("onReady", async () => {
      void warmUpChatbots(deps.db).catch((err: unknown) => app.log.warn({ err }, "chatbot warm-up failed"));
    });
  };
