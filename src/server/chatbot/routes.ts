// The chatbots (requirements part 2): chat, conversations and usage for every signed-in user; prompts,
// knowledge base and ledger for super admins.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../app";
import { chatRoutes } from "./chat-routes";
import { adminRoutes } from "./admin-routes";

export const chatbotRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(chatRoutes(deps));
    await app.register(adminRoutes(deps));
  };
