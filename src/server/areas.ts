// Route plugins of the product areas beyond auth, invitations and companies. Each area owns its
// folder and its routes.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "./app";
import { projectRoutes } from "./projects/routes";
import { userRoutes } from "./users/routes";
import { impersonationRoutes } from "./impersonation/routes";
import { inquiryRoutes } from "./inquiries/routes";
import { chatbotRoutes } from "./chatbot/routes";
import { boqRoutes } from "./boq/routes";
import { findingReviewRoutes } from "./findings/routes";
import { passwordResetRoutes } from "./auth/password-reset-routes";
import { setupRoutes } from "./setup/routes";

export const areaRoutes: ((deps: AppDeps) => FastifyPluginAsyncZod)[] = [projectRoutes, userRoutes, impersonationRoutes, inquiryRoutes, chatbotRoutes, boqRoutes, findingReviewRoutes, passwordResetRoutes, setupRoutes];
